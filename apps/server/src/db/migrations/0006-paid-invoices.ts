import { sql, type Kysely } from 'kysely';

/**
 * The paid list of /open-invoices: an account's paid invoices outside the bin, newest payment
 * first. Paid invoices only ever pile up, so without this index the list would read every
 * letter of the account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index letters_paid_invoices_idx on letters (account_id, invoice_paid_at, id)
      where kind = 'invoice' and invoice_status = 'paid' and trashed_at is null`.execute(db);
}
