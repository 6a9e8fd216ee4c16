// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Payment } from '@kuvert/shared/payments';
import { testPayment as payment } from '../../../test/factories.ts';
import {
  CONFIRM_TIMEOUT_MS,
  confirmationReducer,
  initialConfirmation,
  isFinalPhase,
  readPaymentPageMode,
} from './payment-confirmation.ts';
import type { ConfirmationState } from './payment-confirmation.ts';

const refreshed = (next: Payment, elapsedMs = 0) =>
  ({ type: 'refreshed', payment: next, elapsedMs }) as const;
const failedCall = (elapsedMs: number, isNotFound = false, isRetryable = true) =>
  ({
    type: 'refresh_failed',
    error: new Error('offline'),
    isNotFound,
    isRetryable,
    elapsedMs,
  }) as const;

describe('confirming a payment on the way back from the bank', () => {
  it('keeps confirming while the bank has not decided, within the time limit', () => {
    const state = confirmationReducer(initialConfirmation, refreshed(payment(), 4000));
    expect(state).toEqual({ phase: 'confirming', payment: payment(), lastError: null });
    expect(isFinalPhase(state)).toBe(false);
  });

  it('ends as succeeded, or as failed with the reason, when the bank has decided', () => {
    const paid = confirmationReducer(
      initialConfirmation,
      refreshed(payment({ status: 'succeeded' })),
    );
    expect(paid.phase).toBe('succeeded');
    expect(isFinalPhase(paid)).toBe(true);
    const declined = payment({ status: 'failed', failure_reason: 'declined' });
    expect(confirmationReducer(initialConfirmation, refreshed(declined))).toEqual({
      phase: 'failed',
      payment: declined,
    });
    const cancelled = payment({ status: 'cancelled', failure_reason: 'cancelled_by_user' });
    expect(confirmationReducer(initialConfirmation, refreshed(cancelled)).phase).toBe('failed');
  });

  it('stops asking after the time limit and says the payment is still pending', () => {
    const state = confirmationReducer(
      initialConfirmation,
      refreshed(payment(), CONFIRM_TIMEOUT_MS),
    );
    expect(state).toEqual({ phase: 'still_pending', payment: payment() });
    expect(isFinalPhase(state)).toBe(false);
  });

  it('rides out failed calls until the time runs out, then reports the error', () => {
    const retrying = confirmationReducer(initialConfirmation, failedCall(2000));
    expect(retrying.phase).toBe('confirming');
    const gaveUp = confirmationReducer(retrying, failedCall(CONFIRM_TIMEOUT_MS));
    expect(gaveUp.phase).toBe('error');
    const known = confirmationReducer(initialConfirmation, refreshed(payment(), 2000));
    expect(confirmationReducer(known, failedCall(CONFIRM_TIMEOUT_MS)).phase).toBe('still_pending');
  });

  it('stops at once when the server refuses to ask the bank', () => {
    expect(confirmationReducer(initialConfirmation, failedCall(0, false, false)).phase).toBe(
      'error',
    );
  });

  it('forgets a payment the server does not know', () => {
    expect(confirmationReducer(initialConfirmation, failedCall(0, true))).toEqual({
      phase: 'unknown',
    });
  });

  it('never leaves a final state', () => {
    const paid: ConfirmationState = {
      phase: 'succeeded',
      payment: payment({ status: 'succeeded' }),
    };
    expect(confirmationReducer(paid, refreshed(payment()))).toBe(paid);
    expect(confirmationReducer(paid, failedCall(0, true))).toBe(paid);
  });
});

const read = (query: string, stored: string[] = []) =>
  readPaymentPageMode(new URLSearchParams(query), stored);

describe('what /invoice-tink does', () => {
  it('starts paying with ?invoice=', () => {
    expect(read('invoice=l1', ['p9'])).toEqual({ kind: 'start', letterId: 'l1' });
  });

  it('checks one payment with ?payment=', () => {
    expect(read('payment=p2', ['p9'])).toEqual({
      kind: 'check',
      paymentIds: ['p2'],
    });
  });

  it('checks the stored payments on the way back, whatever else the bank put in the URL', () => {
    for (const query of [
      '',
      'status=succeeded&paid=true',
      'payment_request_id=tink-1',
      'error=USER_CANCELLED&message=Cancelled',
    ]) {
      expect(read(query, ['p1', 'p2', 'p1'])).toEqual({
        kind: 'check',
        paymentIds: ['p1', 'p2'],
      });
    }
  });

  it('asks about the payment named in the return URL, also in a browser that stored none', () => {
    expect(read('payment_id=p1&status=succeeded')).toEqual({ kind: 'check', paymentIds: ['p1'] });
    expect(read('payment_id=p3', ['p1', 'p3'])).toEqual({
      kind: 'check',
      paymentIds: ['p3', 'p1'],
    });
  });

  it('ignores a return URL id that cannot be a payment id', () => {
    for (const id of ['', '  ', '../../api', 'a'.repeat(65), 'p1 p2']) {
      const query = new URLSearchParams({ payment_id: id }).toString();
      expect(read(query)).toEqual({ kind: 'check', paymentIds: [] });
    }
  });
});
