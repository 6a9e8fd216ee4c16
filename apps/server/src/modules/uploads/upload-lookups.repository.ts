import type { Kysely } from 'kysely';
import { lookUpInBatches } from '../../db/lookup-batches.ts';
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

/** An upload of the account outside the trash, in any state, with what reading it needs. */
export async function findLiveUploadRow(db: Kysely<Database>, accountId: string, uploadId: string) {
  return db
    .selectFrom('uploads')
    .select([
      'id',
      'name',
      'status',
      'content_type',
      'storage_key',
      'size',
      'encoding',
      'delimiter',
    ])
    .where('id', '=', uploadId)
    .where('account_id', '=', accountId)
    .where('trashed_at', 'is', null)
    .executeTakeFirst();
}

/** Uploads' text already read, by the key of their bytes (the same bytes, the same text). */
export async function findExtractedUploadTextRows(db: Kysely<Database>, keys: readonly string[]) {
  return lookUpInBatches(keys, (batch) =>
    db
      .selectFrom('uploads')
      .select(['storage_key', 'text', 'page_count'])
      .where('storage_key', 'in', batch)
      .where('text_status', '=', 'extracted')
      .where('text', 'is not', null)
      .execute(),
  );
}
