import type { Payment } from '@kuvert/shared/payments';

/** A pending sandbox payment for tests, with what the test cares about changed. */
export function testPayment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: 'p1',
    letter_id: 'l1',
    method: 'sandbox',
    status: 'pending',
    amount: 12_345,
    currency: 'EUR',
    failure_reason: null,
    redirect_url: '/sandbox-bank/payments/b1',
    is_test_mode: true,
    created_at: '2026-03-01T10:00:00.000Z',
    completed_at: null,
    ...overrides,
  };
}
