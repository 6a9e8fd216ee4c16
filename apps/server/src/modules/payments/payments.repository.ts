import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, PaymentsTable } from '../../db/schema.ts';
import { callerIsMember, callerRole } from '../accounts/account-scopes.ts';

export type PaymentRow = Selectable<PaymentsTable>;

export async function insertPayment(
  db: Kysely<Database>,
  row: Insertable<PaymentsTable>,
): Promise<void> {
  await db.insertInto('payments').values(row).execute();
}

/** A payment of an account the caller belongs to, with the caller's role; else undefined. */
export async function findPaymentForUser(
  db: Kysely<Database>,
  userId: string,
  paymentId: string,
): Promise<(PaymentRow & { role: string }) | undefined> {
  return db
    .selectFrom('payments as pay')
    .selectAll('pay')
    .select(callerRole(userId, 'pay.account_id').as('role'))
    .where('pay.id', '=', paymentId)
    .where(callerIsMember(userId, 'pay.account_id'))
    .executeTakeFirst();
}

export async function findPaymentByIdempotencyKey(
  db: Kysely<Database>,
  userId: string,
  key: string,
): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export async function findPendingPayment(
  db: Kysely<Database>,
  letterId: string,
): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('letter_id', '=', letterId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

/** Every payment attempt of these invoices, newest first. */
export async function findPaymentsOfInvoices(
  db: Kysely<Database>,
  letterIds: readonly string[],
): Promise<PaymentRow[]> {
  if (letterIds.length === 0) return [];
  return db
    .selectFrom('payments')
    .selectAll()
    .where('letter_id', 'in', [...letterIds])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Updates a payment only while it is still pending; answers whether this call did. */
export async function settlePendingPayment(
  db: Kysely<Database>,
  paymentId: string,
  update: Updateable<PaymentsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set(update)
    .where('id', '=', paymentId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Pending payments started before `startedBefore`, oldest first: the safety net's work. */
export async function findStalePendingPayments(
  db: Kysely<Database>,
  startedBefore: string,
  limit: number,
): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('status', '=', 'pending')
    .where('created_at', '<', startedBefore)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}
