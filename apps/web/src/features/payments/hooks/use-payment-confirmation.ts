import { useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { hasErrorCode, translateError } from '../../../lib/errors.ts';
import { ApiError, NetworkError } from '../../../lib/http.ts';
import { formatMoney, i18n } from '../../../lib/i18n.ts';
import type { NotificationHandle } from '../../../lib/notify.ts';
import { notify } from '../../../lib/notify.ts';
import { removePaymentId } from '../../../lib/session.ts';
import { refreshPayment } from '../api/refresh-payment.ts';
import { failureReasonKey } from '../components/payment-rules.ts';
import { clearPayAttemptKey } from './pay-attempt-key.ts';
import {
  CONFIRM_POLL_INTERVAL_MS,
  confirmationReducer,
  initialConfirmation,
} from './payment-confirmation.ts';
import type { ConfirmationEvent, ConfirmationState } from './payment-confirmation.ts';
import { usePaymentInvoices } from './payment-invoices.ts';
import type { PaymentInvoices } from './payment-invoices.ts';

/**
 * Learns the outcome of one payment: asks the server to ask the bank, every 2 s for up to a
 * minute, under an `ongoing` notification that turns into the outcome. A final outcome takes
 * the id out of local storage and ends the pay attempt. To check again, mount it anew.
 */
export function usePaymentConfirmation(paymentId: string): ConfirmationState {
  const queryClient = useQueryClient();
  const invoices = usePaymentInvoices();
  const [state, setState] = useState<ConfirmationState>(initialConfirmation);

  useEffect(() => {
    const controller = new AbortController();
    const startedAt = Date.now();
    let current = initialConfirmation;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let isSettled = false;
    const ongoing = notify({ type: 'ongoing', message: i18n.t('invoices.return.confirming') });

    const apply = (event: ConfirmationEvent) => {
      current = confirmationReducer(current, event);
      setState(current);
    };

    const poll = async () => {
      try {
        const payment = await refreshPayment(paymentId, controller.signal);
        apply({ type: 'refreshed', payment, elapsedMs: Date.now() - startedAt });
      } catch (error) {
        if (controller.signal.aborted) return;
        apply({
          type: 'refresh_failed',
          error,
          isNotFound: hasErrorCode(error, 'NOT_FOUND'),
          isRetryable:
            error instanceof NetworkError || (error instanceof ApiError && error.status >= 500),
          elapsedMs: Date.now() - startedAt,
        });
      }
      if (controller.signal.aborted) return;
      if (current.phase === 'confirming') {
        timer = setTimeout(() => void poll(), CONFIRM_POLL_INTERVAL_MS);
        return;
      }
      isSettled = true;
      void settle(current, paymentId, ongoing, queryClient, invoices);
    };

    void poll();
    return () => {
      controller.abort();
      clearTimeout(timer);
      if (!isSettled) ongoing.dismiss();
    };
  }, [paymentId, queryClient, invoices]);

  return state;
}

/** Storage, caches and the notification, once the confirming has come to an end. */
async function settle(
  state: ConfirmationState,
  paymentId: string,
  ongoing: NotificationHandle,
  queryClient: QueryClient,
  invoices: PaymentInvoices,
): Promise<void> {
  const t = i18n.t;
  switch (state.phase) {
    case 'confirming':
      return;
    case 'unknown':
      removePaymentId(paymentId);
      ongoing.dismiss();
      return;
    case 'still_pending':
      ongoing.update({ type: 'warning', message: t('invoices.return.stillPendingNotice') });
      return;
    case 'error':
      ongoing.update({ type: 'negative', message: translateError(t, state.error) });
      return;
    case 'succeeded':
    case 'failed':
      break;
  }
  const { payment } = state;
  removePaymentId(payment.id);
  clearPayAttemptKey(payment.letter_id);
  void invoices.invalidate(queryClient);
  if (state.phase === 'failed') {
    ongoing.update({ type: 'negative', message: t(failureReasonKey(payment)) });
    return;
  }
  const amount = formatMoney(payment.amount, payment.currency);
  try {
    const invoice = await queryClient.fetchQuery(invoices.invoiceQuery(payment.letter_id));
    ongoing.update({
      type: 'positive',
      message: t('invoices.return.paidNotice', { amount, provider: invoice.provider.name }),
    });
  } catch {
    ongoing.update({ type: 'positive', message: t('invoices.return.paidNoticeShort', { amount }) });
  }
}
