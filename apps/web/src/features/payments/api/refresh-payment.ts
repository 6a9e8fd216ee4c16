import { paymentSchema } from '@kuvert/shared/payments';
import type { Payment } from '@kuvert/shared/payments';
import { apiRequest } from '../../../lib/http.ts';

/**
 * Asks the server to ask the bank: the only way Kuvert learns a payment's outcome. What the
 * bank's redirect put in the URL is never trusted.
 */
export function refreshPayment(paymentId: string, signal?: AbortSignal): Promise<Payment> {
  return apiRequest(`/api/payments/${encodeURIComponent(paymentId)}/refresh`, {
    method: 'POST',
    schema: paymentSchema,
    ...(signal ? { signal } : {}),
  });
}
