import type { Kysely, Selectable } from 'kysely';
import type { AccountDeletionsTable, Database } from '../../db/schema.ts';

export type AccountDeletionRow = Selectable<AccountDeletionsTable>;

export async function findDeletionRow(
  db: Kysely<Database>,
  userId: string,
): Promise<AccountDeletionRow | undefined> {
  return db
    .selectFrom('account_deletions')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** A fresh code for the user: the previous one (and its wrong tries) stops counting. */
export async function saveDeletionCode(
  db: Kysely<Database>,
  input: { userId: string; codeHash: string; expiresAt: string; now: string },
): Promise<void> {
  await db
    .insertInto('account_deletions')
    .values({
      user_id: input.userId,
      code_hash: input.codeHash,
      code_expires_at: input.expiresAt,
      code_attempts: 0,
      requested_at: null,
      due_at: null,
      purged_at: null,
      updated_at: input.now,
    })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet({
        code_hash: input.codeHash,
        code_expires_at: input.expiresAt,
        code_attempts: 0,
        updated_at: input.now,
      }),
    )
    .execute();
}

/**
 * Counts one try against the pending code, before it is compared (reserve, then verify): the
 * row as it is after counting, or undefined when no code is pending or it is used up.
 */
export async function countCodeAttempt(
  db: Kysely<Database>,
  input: { userId: string; maxAttempts: number; now: string },
): Promise<AccountDeletionRow | undefined> {
  return db
    .updateTable('account_deletions')
    .set((eb) => ({ code_attempts: eb('code_attempts', '+', 1), updated_at: input.now }))
    .where('user_id', '=', input.userId)
    .where('code_hash', 'is not', null)
    .where('code_expires_at', '>', input.now)
    .where('code_attempts', '<', input.maxAttempts)
    .where('purged_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** The code was right: it is used up and the deletion is due at `dueAt`. */
export async function scheduleDeletion(
  db: Kysely<Database>,
  input: { userId: string; codeHash: string; dueAt: string; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('account_deletions')
    .set({
      code_hash: null,
      code_expires_at: null,
      code_attempts: 0,
      requested_at: input.now,
      due_at: input.dueAt,
      updated_at: input.now,
    })
    .where('user_id', '=', input.userId)
    .where('code_hash', '=', input.codeHash)
    .where('purged_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Cancels a scheduled deletion; false when none was (any more) scheduled. */
export async function unscheduleDeletion(
  db: Kysely<Database>,
  userId: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('account_deletions')
    .set({ requested_at: null, due_at: null, updated_at: now })
    .where('user_id', '=', userId)
    .where('due_at', 'is not', null)
    .where('purged_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Users whose grace period is over and who are not purged yet, oldest due first. */
export async function findDueUserIds(
  db: Kysely<Database>,
  now: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('account_deletions')
    .select('user_id')
    .where('due_at', 'is not', null)
    .where('due_at', '<=', now)
    .where('purged_at', 'is', null)
    .orderBy('due_at', 'asc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.user_id);
}

/** Claims the purge of one user inside its transaction; false when it is no longer due. */
export async function markPurged(
  db: Kysely<Database>,
  userId: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('account_deletions')
    .set({ purged_at: now, updated_at: now })
    .where('user_id', '=', userId)
    .where('due_at', 'is not', null)
    .where('due_at', '<=', now)
    .where('purged_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
