import type { Kysely, Selectable } from 'kysely';
import type { Database, IdentityProcessesTable, VerifiedIdentitiesTable } from '../../db/schema.ts';

export type IdentityProcessRow = Selectable<IdentityProcessesTable>;
export type VerifiedIdentityRow = Selectable<VerifiedIdentitiesTable>;

export async function insertIdentityProcess(
  db: Kysely<Database>,
  row: IdentityProcessRow,
): Promise<void> {
  await db.insertInto('identity_processes').values(row).execute();
}

/** The person's processes that can no longer complete: expired or answered. */
export async function deleteFinishedIdentityProcesses(
  db: Kysely<Database>,
  userId: string,
  now: string,
): Promise<void> {
  await db
    .deleteFrom('identity_processes')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('used_at', 'is not', null)]))
    .execute();
}

/** Ownership in the query: another user's process is not found. */
export async function findIdentityProcess(
  db: Kysely<Database>,
  id: string,
  userId: string,
): Promise<IdentityProcessRow | undefined> {
  return db
    .selectFrom('identity_processes')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Marks the process answered; false when another request answered it first. */
export async function markIdentityProcessUsed(
  db: Kysely<Database>,
  id: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('identity_processes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function findVerifiedIdentity(
  db: Kysely<Database>,
  userId: string,
): Promise<VerifiedIdentityRow | undefined> {
  return db
    .selectFrom('verified_identities')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The user the external identity is bound to, if any. */
export async function findUserOfIdentity(
  db: Kysely<Database>,
  issuer: string,
  subject: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('verified_identities')
    .select('user_id')
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row?.user_id;
}

/** Replaces the user's verified identity (a new verification supersedes the last). */
export async function saveVerifiedIdentity(
  db: Kysely<Database>,
  row: VerifiedIdentityRow,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('verified_identities').where('user_id', '=', row.user_id).execute();
    await trx.insertInto('verified_identities').values(row).execute();
  });
}

/** Every process that expired before `cutoff`, answered or not; how many went. */
export async function deleteIdentityProcessesExpiredBefore(
  db: Kysely<Database>,
  cutoff: string,
): Promise<number> {
  const result = await db
    .deleteFrom('identity_processes')
    .where('expires_at', '<', cutoff)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
