import { IDEMPOTENCY_KEY_HEADER, paymentSchema } from '@kuvert/shared/payments';
import type { Payment } from '@kuvert/shared/payments';
import { apiRequest } from '../../../lib/http.ts';

/**
 * Starts paying an invoice at the bank. The same idempotency key answers with the same
 * payment, so a double click or a reload never pays twice.
 */
export function createPayment(letterId: string, idempotencyKey: string): Promise<Payment> {
  return apiRequest(`/api/invoices/${encodeURIComponent(letterId)}/payments`, {
    method: 'POST',
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    schema: paymentSchema,
  });
}
