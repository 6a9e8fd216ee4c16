import { sql, type Kysely } from 'kysely';
import { timestampType, type MigrationContext } from './context.ts';

/**
 * Invoices and payments: the invoice's own status on the letter, payment attempts, and the
 * built-in sandbox bank's ledger (it plays an outside bank, so it keeps its own table).
 */
export async function up(db: Kysely<unknown>, context: MigrationContext): Promise<void> {
  const timestamp = timestampType(context);

  const letterColumns: Array<[string, 'text' | 'timestamptz']> = [
    ['invoice_status', 'text'],
    ['invoice_paid_at', timestamp],
    ['invoice_paid_via', 'text'],
    ['invoice_paid_by_user_id', 'text'],
    ['invoice_cancelled_at', timestamp],
    ['invoice_reminder_sent_at', timestamp],
    ['invoice_overdue_notice_sent_at', timestamp],
  ];
  for (const [name, type] of letterColumns) {
    await db.schema.alterTable('letters').addColumn(name, type).execute();
  }
  await sql`update letters set invoice_status = 'open' where kind = 'invoice'`.execute(db);

  // /open-invoices and the home card: the account's unpaid invoices by due date.
  await sql`create index letters_unpaid_invoices_idx on letters (account_id, invoice_due_date, id)
      where kind = 'invoice' and invoice_status in ('open', 'payment_pending', 'failed')
        and trashed_at is null`.execute(db);
  // The daily reminder run: unpaid invoices of every account by due date.
  await sql`create index letters_invoice_reminders_idx on letters (invoice_due_date)
      where kind = 'invoice' and invoice_status in ('open', 'payment_pending', 'failed')`.execute(
    db,
  );

  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('letter_id', 'text', (column) =>
      column.notNull().references('letters.id').onDelete('cascade'),
    )
    .addColumn('account_id', 'text', (column) =>
      column.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (column) => column.references('users.id').onDelete('set null'))
    .addColumn('method', 'text', (column) => column.notNull())
    .addColumn('external_id', 'text')
    .addColumn('status', 'text', (column) =>
      column.notNull().check(sql`status in ('pending', 'succeeded', 'failed', 'cancelled')`),
    )
    .addColumn('amount', 'bigint', (column) => column.notNull())
    .addColumn('currency', 'text', (column) => column.notNull())
    .addColumn('failure_reason', 'text')
    .addColumn('failure_message', 'text')
    .addColumn('redirect_url', 'text')
    .addColumn('idempotency_key', 'text', (column) => column.notNull())
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .addColumn('updated_at', timestamp, (column) => column.notNull())
    .addColumn('completed_at', timestamp)
    .execute();
  // One active payment per invoice, however many tabs, clicks and instances.
  await sql`create unique index payments_one_pending_idx on payments (letter_id)
      where status = 'pending'`.execute(db);
  // A retried request (same key from the same user) finds the payment it created.
  await sql`create unique index payments_idempotency_idx on payments (user_id, idempotency_key)`.execute(
    db,
  );
  await sql`create index payments_letter_idx on payments (letter_id, created_at desc)`.execute(db);
  await sql`create index payments_external_idx on payments (method, external_id)`.execute(db);

  await db.schema
    .createTable('sandbox_bank_payments')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('amount', 'bigint', (column) => column.notNull())
    .addColumn('currency', 'text', (column) => column.notNull())
    .addColumn('creditor_name', 'text', (column) => column.notNull())
    .addColumn('creditor_iban', 'text', (column) => column.notNull())
    .addColumn('reference', 'text', (column) => column.notNull())
    .addColumn('return_url', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) =>
      column.notNull().check(sql`status in ('pending', 'approved', 'declined', 'abandoned')`),
    )
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .addColumn('decided_at', timestamp)
    .execute();
}
