import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, SandboxBankPaymentsTable } from '../../db/schema.ts';

export type BankPaymentRow = Selectable<SandboxBankPaymentsTable>;

export async function insertBankPayment(
  db: Kysely<Database>,
  row: Insertable<SandboxBankPaymentsTable>,
): Promise<void> {
  await db.insertInto('sandbox_bank_payments').values(row).execute();
}

export async function findBankPayment(
  db: Kysely<Database>,
  id: string,
): Promise<BankPaymentRow | undefined> {
  return db.selectFrom('sandbox_bank_payments').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Records the payer's decision only while the payment is pending and was created after
 * `createdAfter` (not expired): a decided or expired payment is never decided again.
 */
export async function decideBankPayment(
  db: Kysely<Database>,
  id: string,
  decision: {
    status: 'approved' | 'declined' | 'abandoned';
    decidedAt: string;
    createdAfter: string;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('sandbox_bank_payments')
    .set({ status: decision.status, decided_at: decision.decidedAt })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('created_at', '>', decision.createdAfter)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
