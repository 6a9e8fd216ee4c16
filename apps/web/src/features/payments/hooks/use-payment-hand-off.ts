import { useEffect, useState } from 'react';
import type { Payment } from '@kuvert/shared/payments';
import { i18n } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { startPayment } from './start-payment.ts';

export type HandOffState =
  | { phase: 'starting' }
  | { phase: 'redirecting'; payment: Payment }
  /** Started before in this tab (a reload, Back from the bank): the user decides what next. */
  | { phase: 'resumable'; payment: Payment }
  | { phase: 'failed'; error: unknown };

/**
 * `/invoice-tink?invoice=…`: starts the payment and sends the browser to the bank. While it
 * connects, an `ongoing` notification says so. To try again, mount it anew.
 */
export function usePaymentHandOff(letterId: string): HandOffState {
  const [state, setState] = useState<HandOffState>({ phase: 'starting' });

  useEffect(() => {
    let isCurrent = true;
    const connecting = notify({ type: 'ongoing', message: i18n.t('invoices.handOff.connecting') });
    startPayment(letterId).then(
      ({ payment, isResumed }) => {
        if (!isCurrent) return;
        if (isResumed || payment.redirect_url === null) {
          connecting.dismiss();
          setState({ phase: 'resumable', payment });
          return;
        }
        setState({ phase: 'redirecting', payment });
        window.location.assign(payment.redirect_url);
      },
      (error: unknown) => {
        if (!isCurrent) return;
        connecting.dismiss();
        setState({ phase: 'failed', error });
      },
    );
    return () => {
      isCurrent = false;
      connecting.dismiss();
    };
  }, [letterId]);

  return state;
}

/**
 * Counts the times the browser showed this page again from its back/forward cache (Back from
 * the bank): a page kept in memory would still say "connecting", so it must ask again.
 */
export function usePageRestoreCount(): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setCount((value) => value + 1);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);
  return count;
}
