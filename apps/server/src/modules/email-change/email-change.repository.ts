import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, EmailChangesTable } from '../../db/schema.ts';

export type EmailChangeRow = Selectable<EmailChangesTable>;
export type EmailChangeStatus = EmailChangesTable['status'];

export async function insertEmailChange(
  db: Kysely<Database>,
  row: Insertable<EmailChangesTable>,
): Promise<void> {
  await db.insertInto('email_changes').values(row).execute();
}

/** The user's pending change, expired or not. */
export async function findPendingEmailChange(
  db: Kysely<Database>,
  userId: string,
): Promise<EmailChangeRow | undefined> {
  return db
    .selectFrom('email_changes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

export async function findEmailChangeByConfirmHash(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<EmailChangeRow | undefined> {
  return db
    .selectFrom('email_changes')
    .selectAll()
    .where('confirm_token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function findEmailChangeByCancelHash(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<EmailChangeRow | undefined> {
  return db
    .selectFrom('email_changes')
    .selectAll()
    .where('cancel_token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Ends a pending change as `status`; false when it was not pending any more (another request
 * ended it first), so each change ends once.
 */
export async function endPendingEmailChange(
  db: Kysely<Database>,
  id: string,
  status: Exclude<EmailChangeStatus, 'pending'>,
  endedAt: string,
): Promise<boolean> {
  const result = await db
    .updateTable('email_changes')
    .set({ status, ended_at: endedAt })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Ends the user's pending change, if any, as replaced by a newer one. */
export async function replacePendingEmailChanges(
  db: Kysely<Database>,
  userId: string,
  endedAt: string,
): Promise<void> {
  await db
    .updateTable('email_changes')
    .set({ status: 'replaced', ended_at: endedAt })
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .execute();
}

/** A fresh confirm link and expiry for a pending change (the earlier confirm link stops). */
export async function renewPendingEmailChange(
  db: Kysely<Database>,
  id: string,
  changes: { confirm_token_hash: string; expires_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('email_changes')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function listEmailChangesOfUser(
  db: Kysely<Database>,
  userId: string,
): Promise<EmailChangeRow[]> {
  return db
    .selectFrom('email_changes')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function deleteEmailChangesOfUser(
  db: Kysely<Database>,
  userId: string,
): Promise<number> {
  const result = await db
    .deleteFrom('email_changes')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
