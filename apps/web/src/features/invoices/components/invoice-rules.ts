import type { Invoice, InvoiceStatus } from '@kuvert/shared/invoices';
import { unpaidInvoiceStatuses } from '@kuvert/shared/invoices';
import type { Payment, PaymentFailureReason } from '@kuvert/shared/payments';
import { formatCalendarDate } from '../../../lib/dates.ts';
import { formatDate, type TranslationKey } from '../../../lib/i18n.ts';

/** Still owed: open, being paid, failed to be paid, or past its due date. */
export function isUnpaidStatus(status: InvoiceStatus): boolean {
  return status === 'overdue' || unpaidInvoiceStatuses.some((unpaid) => unpaid === status);
}

/** Why a payment did not go through, as the user reads it. */
export function failureReasonKey(
  payment: Pick<Payment, 'status' | 'failure_reason'>,
): TranslationKey {
  const reason: PaymentFailureReason =
    payment.failure_reason ??
    (payment.status === 'cancelled' ? 'cancelled_by_user' : 'provider_error');
  return `invoices.failureReason.${reason}`;
}

/** Marked paid: the day the user gave (stored as that day); through Kuvert: the local day. */
export function paidDate(invoice: Invoice): string {
  if (invoice.paid_at === null) return '';
  return invoice.paid_via === 'elsewhere'
    ? formatCalendarDate(invoice.paid_at.slice(0, 10))
    : formatDate(invoice.paid_at);
}
