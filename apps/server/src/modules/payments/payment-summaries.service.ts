import type { InvoicePayments, InvoicePaymentsSource } from '../invoices/invoice-payments.ts';
import { toPayment } from './payments.presenter.ts';
import { findPaymentsOfInvoices } from './payments.repository.ts';

/**
 * The running and the newest payment of each invoice, for the invoice views. It does no
 * authorization of its own: the invoices area asks only for invoices the caller may see.
 */
export const invoicePaymentsSource: InvoicePaymentsSource = {
  async find(db, letterIds) {
    const rows = await findPaymentsOfInvoices(db, letterIds);
    const byInvoice = new Map<string, InvoicePayments>();
    for (const row of rows) {
      const entry = byInvoice.get(row.letter_id) ?? { active: null, last: null };
      const payment = toPayment(row);
      // Rows come newest first: the first one seen is the last attempt.
      entry.last ??= payment;
      if (payment.status === 'pending') entry.active ??= payment;
      byInvoice.set(row.letter_id, entry);
    }
    return byInvoice;
  },
};
