import { IDEMPOTENCY_KEY_HEADER } from '@kuvert/shared/payments';
import type { Payment } from '@kuvert/shared/payments';
import { paymentEndpoints } from '@kuvert/shared/payments/endpoints';
import { apiCall } from '../../../lib/api-client.ts';

/**
 * Starts paying an invoice at the bank. The same idempotency key answers with the same
 * payment, so a double click or a reload never pays twice.
 */
export function createPayment(letterId: string, idempotencyKey: string): Promise<Payment> {
  return apiCall(paymentEndpoints.create, {
    params: { id: letterId },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}
