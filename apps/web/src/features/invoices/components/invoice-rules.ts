import type { Invoice, InvoiceStatus } from '@kuvert/shared/invoices';
import { unpaidInvoiceStatuses } from '@kuvert/shared/invoices';
import { formatCalendarDate } from '../../../lib/dates.ts';
import { formatDate, type TFunction } from '../../../lib/i18n.ts';

/** Still owed: open, being paid, failed to be paid, or past its due date. */
export function isUnpaidStatus(status: InvoiceStatus): boolean {
  return status === 'overdue' || unpaidInvoiceStatuses.some((unpaid) => unpaid === status);
}

/** How it was paid and by whom: "You …" only for the caller, another member by name. */
export function paidHowText(t: TFunction, invoice: Invoice): string {
  const by = invoice.paid_by;
  const isElsewhere = invoice.paid_via === 'elsewhere';
  if (by === null) {
    return t(isElsewhere ? 'invoices.state.paidElsewhere' : 'invoices.state.paidViaKuvert');
  }
  if (by.is_you) {
    return t(
      isElsewhere ? 'invoices.state.paidElsewhereByYou' : 'invoices.state.paidViaKuvertByYou',
    );
  }
  return t(isElsewhere ? 'invoices.state.paidElsewhereBy' : 'invoices.state.paidViaKuvertBy', {
    name: by.name,
  });
}

/** Marked paid: the day the user gave (stored as that day); through Kuvert: the local day. */
export function paidDate(invoice: Invoice): string {
  if (invoice.paid_at === null) return '';
  return invoice.paid_via === 'elsewhere'
    ? formatCalendarDate(invoice.paid_at.slice(0, 10))
    : formatDate(invoice.paid_at);
}
