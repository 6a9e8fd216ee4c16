import type { Payment } from '@kuvert/shared/payments';
import { paymentEndpoints } from '@kuvert/shared/payments/endpoints';
import { apiCall } from '../../../lib/api-client.ts';

/**
 * Asks the server to ask the bank: the only way Kuvert learns a payment's outcome. What the
 * bank's redirect put in the URL is never trusted.
 */
export function refreshPayment(paymentId: string, signal?: AbortSignal): Promise<Payment> {
  return apiCall(paymentEndpoints.refresh, { params: { id: paymentId }, signal });
}
