import {
  paymentFailureReasonSchema,
  paymentMethodSchema,
  paymentStatusSchema,
  type Payment,
} from '@kuvert/shared/payments';
import type { PaymentRow } from './payments.repository.ts';

export function toPayment(row: PaymentRow): Payment {
  const method = paymentMethodSchema.parse(row.method);
  const status = paymentStatusSchema.parse(row.status);
  const reason = paymentFailureReasonSchema.safeParse(row.failure_reason);
  return {
    id: row.id,
    letter_id: row.letter_id,
    method,
    status,
    amount: Number(row.amount),
    currency: row.currency,
    failure_reason: reason.success ? reason.data : null,
    redirect_url: status === 'pending' ? row.redirect_url : null,
    is_test_mode: method === 'sandbox',
    created_at: row.created_at,
    completed_at: row.completed_at,
  };
}
