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

/**
 * `?invoice=` starts paying that invoice; `?payment=` checks that one payment; anything else
 * is the way back from the bank, whose query (`payment_id`, `status`, Tink's
 * `payment_request_id` or `error`) is ignored: the ids come from local storage and the
 * outcome from the server.
 */
export function readPaymentPageMode(
  search: URLSearchParams,
  storedPaymentIds: readonly string[],
): PaymentPageMode {
  const letterId = search.get('invoice')?.trim() ?? '';
  if (letterId !== '') return { kind: 'start', letterId };
  const paymentId = search.get('payment')?.trim() ?? '';
  if (paymentId !== '') return { kind: 'check', paymentIds: [paymentId] };
  return { kind: 'check', paymentIds: [...new Set(storedPaymentIds)] };
}
