import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Stored uploads of an account among `uploadIds` (trashed too), without their text. */
export async function findStoredUploadRefRows(
  db: Kysely<Database>,
  accountId: string,
  uploadIds: readonly string[],
) {
  if (uploadIds.length === 0) return [];
  return db
    .selectFrom('uploads')
    .select(['id', 'name', 'content_type', 'size', 'thumbnail_key', 'created_at', 'trashed_at'])
    .where('account_id', '=', accountId)
    .where('status', '=', 'stored')
    .where('id', 'in', [...uploadIds])
    .execute();
}
