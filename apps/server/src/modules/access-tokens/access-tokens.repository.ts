import type { Kysely, Selectable } from 'kysely';
import type { Database, PersonalAccessTokensTable } from '../../db/schema.ts';

export type AccessTokenRow = Selectable<PersonalAccessTokensTable>;

export async function insertAccessToken(db: Kysely<Database>, row: AccessTokenRow): Promise<void> {
  await db.insertInto('personal_access_tokens').values(row).execute();
}

/** The person's tokens that still work (not revoked, not expired), newest first. */
export async function findLiveAccessTokens(
  db: Kysely<Database>,
  userId: string,
  nowIso: string,
): Promise<AccessTokenRow[]> {
  return db
    .selectFrom('personal_access_tokens')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function countLiveAccessTokens(
  db: Kysely<Database>,
  userId: string,
  nowIso: string,
): Promise<number> {
  const row = await db
    .selectFrom('personal_access_tokens')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Revokes the person's live token; false when they have no such token (or it was revoked). */
export async function revokeAccessTokenOfUser(
  db: Kysely<Database>,
  userId: string,
  tokenId: string,
  nowIso: string,
): Promise<AccessTokenRow | undefined> {
  return db
    .updateTable('personal_access_tokens')
    .set({ revoked_at: nowIso })
    .where('id', '=', tokenId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** A token that still works, found by its hash. */
export async function findLiveAccessTokenByHash(
  db: Kysely<Database>,
  tokenHash: string,
  nowIso: string,
): Promise<AccessTokenRow | undefined> {
  return db
    .selectFrom('personal_access_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .executeTakeFirst();
}

export async function markAccessTokenUsed(
  db: Kysely<Database>,
  tokenId: string,
  nowIso: string,
): Promise<void> {
  await db
    .updateTable('personal_access_tokens')
    .set({ last_used_at: nowIso })
    .where('id', '=', tokenId)
    .execute();
}

/** Every token of the person, revoked and expired ones too, oldest first. */
export async function findAllAccessTokensOfUser(
  db: Kysely<Database>,
  userId: string,
): Promise<AccessTokenRow[]> {
  return db
    .selectFrom('personal_access_tokens')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function deleteAccessTokensOfUser(
  db: Kysely<Database>,
  userId: string,
): Promise<number> {
  const result = await db
    .deleteFrom('personal_access_tokens')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
