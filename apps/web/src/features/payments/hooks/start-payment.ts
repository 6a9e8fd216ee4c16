import type { Payment } from '@kuvert/shared/payments';
import { NetworkError } from '../../../lib/http.ts';
import { addPaymentId, listPaymentIds } from '../../../lib/session.ts';
import { createPayment } from '../api/create-payment.ts';
import { clearPayAttemptKey, getPayAttemptKey } from './pay-attempt-key.ts';

export interface StartedPayment {
  payment: Payment;
  /** This tab already handed this payment to the bank once (a reload, or Back from the bank). */
  isResumed: boolean;
}

// Two effects or clicks in the same instant share one request instead of racing two.
const inFlight = new Map<string, Promise<StartedPayment>>();

/**
 * Starts (or picks up) the payment of an invoice with the attempt's idempotency key and
 * remembers its id in local storage, so the page the bank sends the user back to can find it.
 */
export function startPayment(letterId: string): Promise<StartedPayment> {
  const running = inFlight.get(letterId);
  if (running) return running;
  const started = start(letterId).finally(() => inFlight.delete(letterId));
  inFlight.set(letterId, started);
  return started;
}

async function start(letterId: string): Promise<StartedPayment> {
  const known = new Set(listPaymentIds());
  try {
    let payment = await createPayment(letterId, getPayAttemptKey(letterId));
    if (payment.status !== 'pending') {
      // The key belonged to an attempt that has ended meanwhile (the user never came back
      // from the bank): the server answered with that old payment. Start a new attempt.
      clearPayAttemptKey(letterId);
      payment = await createPayment(letterId, getPayAttemptKey(letterId));
    }
    addPaymentId(payment.id);
    return { payment, isResumed: known.has(payment.id) };
  } catch (error) {
    // Refused by the server: nothing was created under this key, and a retry may be meant as
    // a fresh attempt. Without an answer, the payment may exist: keep the key to find it.
    if (!(error instanceof NetworkError)) clearPayAttemptKey(letterId);
    throw error;
  }
}
