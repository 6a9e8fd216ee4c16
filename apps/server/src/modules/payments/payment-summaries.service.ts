import type { FastifyInstance } from 'fastify';
import type { Payment } from '@kuvert/shared/payments';
import { toPayment } from './payments.presenter.ts';
import { findPaymentsOfInvoices } from './payments.repository.ts';

export interface InvoicePayments {
  active: Payment | null;
  last: Payment | null;
}

/**
 * The running and the newest payment of each invoice, for the invoice views. Call it only with
 * ids of invoices the caller may see: it does no authorization of its own.
 */
export async function getInvoicePayments(
  app: FastifyInstance,
  letterIds: readonly string[],
): Promise<Map<string, InvoicePayments>> {
  const rows = await findPaymentsOfInvoices(app.db, letterIds);
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
}
