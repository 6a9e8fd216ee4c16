import type { Invoice, InvoiceStatus } from '@kuvert/shared/invoices';
import { unpaidInvoiceStatuses } from '@kuvert/shared/invoices';
import { formatCalendarDate } from '../../../lib/dates.ts';
import { formatDate } from '../../../lib/i18n.ts';

/** Still owed: open, being paid, failed to be paid, or past its due date. */
export function isUnpaidStatus(status: InvoiceStatus): boolean {
  return status === 'overdue' || unpaidInvoiceStatuses.some((unpaid) => unpaid === status);
}

/** Marked paid: the day the user gave (stored as that day); through Kuvert: the local day. */
export function paidDate(invoice: Invoice): string {
  if (invoice.paid_at === null) return '';
  return invoice.paid_via === 'elsewhere'
    ? formatCalendarDate(invoice.paid_at.slice(0, 10))
    : formatDate(invoice.paid_at);
}
