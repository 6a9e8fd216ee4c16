import type { Payment } from '@kuvert/shared/payments';

/** How often and how long the return page asks the bank (through the server) for the outcome. */
export const CONFIRM_POLL_INTERVAL_MS = 2000;
export const CONFIRM_TIMEOUT_MS = 60_000;

/**
 * Where confirming one payment stands.
 * - `confirming`: asking; `payment` is the last answer (null before the first).
 * - `succeeded` / `failed`: final; failed covers the bank's refusal and the user's cancelling.
 * - `still_pending`: the bank had no answer within the time; the user can check again later.
 * - `unknown`: the server does not know this payment (not this user's, or gone).
 * - `error`: the server could not be asked until the time ran out.
 */
export type ConfirmationState =
  | { phase: 'confirming'; payment: Payment | null; lastError: unknown }
  | { phase: 'succeeded'; payment: Payment }
  | { phase: 'failed'; payment: Payment }
  | { phase: 'still_pending'; payment: Payment }
  | { phase: 'unknown' }
  | { phase: 'error'; payment: Payment | null; error: unknown };

export type ConfirmationEvent =
  | { type: 'refreshed'; payment: Payment; elapsedMs: number }
  | {
      type: 'refresh_failed';
      error: unknown;
      isNotFound: boolean;
      /** No answer, or a passing server or bank trouble: worth asking again. */
      isRetryable: boolean;
      elapsedMs: number;
    };

export const initialConfirmation: ConfirmationState = {
  phase: 'confirming',
  payment: null,
  lastError: null,
};

export function confirmationReducer(
  state: ConfirmationState,
  event: ConfirmationEvent,
): ConfirmationState {
  // A final answer stays final, whatever arrives late.
  if (state.phase !== 'confirming') return state;
  const isOutOfTime = event.elapsedMs >= CONFIRM_TIMEOUT_MS;
  if (event.type === 'refreshed') {
    const { payment } = event;
    switch (payment.status) {
      case 'succeeded':
        return { phase: 'succeeded', payment };
      case 'failed':
      case 'cancelled':
        return { phase: 'failed', payment };
      case 'pending':
        return isOutOfTime
          ? { phase: 'still_pending', payment }
          : { phase: 'confirming', payment, lastError: null };
    }
  }
  if (event.isNotFound) return { phase: 'unknown' };
  if (!event.isRetryable) return { phase: 'error', payment: state.payment, error: event.error };
  if (!isOutOfTime) return { ...state, lastError: event.error };
  return state.payment?.status === 'pending'
    ? { phase: 'still_pending', payment: state.payment }
    : { phase: 'error', payment: state.payment, error: event.error };
}

/** The outcome is known: the id leaves local storage and the attempt's key is dropped. */
export function isFinalPhase(state: ConfirmationState): boolean {
  return state.phase === 'succeeded' || state.phase === 'failed';
}

/** What /invoice-tink does, read from its query string. */
export type PaymentPageMode =
  { kind: 'start'; letterId: string } | { kind: 'check'; paymentIds: string[] };

// The shape of the server's payment ids (its `/payments/:id` takes 1–64 characters).
const PAYMENT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/u;

/**
 * `?invoice=` starts paying that invoice; `?payment=` checks that one payment; anything else
 * is the way back from the bank. There the return URL's `payment_id` only says *which*
 * payment to ask the server about, so the way back works in any browser, even one that never
 * started the payment; the payments this device started (local storage) are asked about too.
 * Whatever else the bank put in the URL (`status`, Tink's `payment_request_id` or `error`) is
 * ignored: the outcome comes from the server, which asks the bank.
 */
export function readPaymentPageMode(
  search: URLSearchParams,
  storedPaymentIds: readonly string[],
): PaymentPageMode {
  const letterId = search.get('invoice')?.trim() ?? '';
  if (letterId !== '') return { kind: 'start', letterId };
  const paymentId = search.get('payment')?.trim() ?? '';
  if (paymentId !== '') return { kind: 'check', paymentIds: [paymentId] };
  const returnedId = search.get('payment_id')?.trim() ?? '';
  const hinted = PAYMENT_ID_PATTERN.test(returnedId) ? [returnedId] : [];
  return { kind: 'check', paymentIds: [...new Set([...hinted, ...storedPaymentIds])] };
}
