import type { Kysely } from 'kysely';
import type { Payment } from '@kuvert/shared/payments';
import type { Database } from '../../db/schema.ts';

/** The running and the newest payment of an invoice, as its views show them. */
export interface InvoicePayments {
  active: Payment | null;
  last: Payment | null;
}

/**
 * Where the invoice views learn of payments. The payments area answers it (it builds on
 * invoices, so invoices cannot import it); app.ts installs it as `app.invoicePayments`.
 */
export interface InvoicePaymentsSource {
  /** By invoice (letter) id; call it only with ids of invoices the caller may see. */
  find(db: Kysely<Database>, letterIds: readonly string[]): Promise<Map<string, InvoicePayments>>;
}
