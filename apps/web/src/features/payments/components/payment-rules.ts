import type { Payment, PaymentFailureReason } from '@kuvert/shared/payments';
import type { TranslationKey } from '../../../lib/i18n.ts';

/** Why a payment did not go through, as the user reads it. */
export function failureReasonKey(
  payment: Pick<Payment, 'status' | 'failure_reason'>,
): TranslationKey {
  const reason: PaymentFailureReason =
    payment.failure_reason ??
    (payment.status === 'cancelled' ? 'cancelled_by_user' : 'provider_error');
  return `invoices.failureReason.${reason}`;
}
