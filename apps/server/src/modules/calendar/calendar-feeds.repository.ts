import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The person's feed row, if they have one. */
export async function findFeedOfUser(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('calendar_feeds')
    .select(['user_id', 'created_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Whose feed the secret (by its hash) opens. */
export async function findFeedBySecretHash(db: Kysely<Database>, secretHash: string) {
  return db
    .selectFrom('calendar_feeds')
    .select(['user_id', 'created_at'])
    .where('secret_hash', '=', secretHash)
    .executeTakeFirst();
}

/** Makes the person's feed, or replaces its secret (the old address then opens nothing). */
export async function upsertFeed(
  db: Kysely<Database>,
  row: { user_id: string; secret_hash: string; created_at: string },
): Promise<void> {
  await db
    .insertInto('calendar_feeds')
    .values(row)
    .onConflict((conflict) =>
      conflict
        .column('user_id')
        .doUpdateSet({ secret_hash: row.secret_hash, created_at: row.created_at }),
    )
    .execute();
}

/** True when there was a feed to end. */
export async function deleteFeedOfUser(db: Kysely<Database>, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('calendar_feeds')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
