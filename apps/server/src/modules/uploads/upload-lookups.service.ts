import type { Kysely } from 'kysely';
import { uploadContentTypeSchema, type UploadContentType } from '@kuvert/shared/uploads';
import type { Database } from '../../db/schema.ts';
import {
  findExtractedUploadTextRows,
  findLiveUploadRow,
  findStoredUploadRefRows,
} from './upload-lookups.repository.ts';

/** An upload as other areas refer to it (a case file item's attachment). */
export interface UploadRef {
  id: string;
  name: string;
  content_type: UploadContentType;
  size: number;
  has_thumbnail: boolean;
  created_at: string;
  trashed_at: string | null;
}

/**
 * The account's stored uploads among `uploadIds` (trashed too; not those still arriving),
 * by id. `db` may be the caller's transaction.
 */
export async function findUploadRefs(
  db: Kysely<Database>,
  accountId: string,
  uploadIds: readonly string[],
): Promise<Map<string, UploadRef>> {
  const unique = [...new Set(uploadIds)];
  const refs = new Map<string, UploadRef>();
  for (let start = 0; start < unique.length; start += 500) {
    const rows = await findStoredUploadRefRows(db, accountId, unique.slice(start, start + 500));
    for (const row of rows) {
      const contentType = uploadContentTypeSchema.safeParse(row.content_type);
      if (!contentType.success) continue;
      refs.set(row.id, {
        id: row.id,
        name: row.name,
        content_type: contentType.data,
        size: Number(row.size),
        has_thumbnail: row.thumbnail_key !== null,
        created_at: row.created_at,
        trashed_at: row.trashed_at,
      });
    }
  }
  return refs;
}

/**
 * An upload of the account outside the trash (also one still arriving: check `status`), with
 * its key, size and how to read it as a table; undefined when there is none.
 */
export async function findLiveUploadOfAccount(
  db: Kysely<Database>,
  accountId: string,
  uploadId: string,
) {
  return findLiveUploadRow(db, accountId, uploadId);
}

/**
 * Text already read from uploads' bytes, by storage key (uploads are stored by content, so
 * the same key is the same bytes). `db` may be the caller's transaction.
 */
export async function findKnownUploadTexts(
  db: Kysely<Database>,
  keys: readonly string[],
): Promise<Array<{ storageKey: string; text: string; pageCount: number | null }>> {
  if (keys.length === 0) return [];
  const rows = await findExtractedUploadTextRows(db, keys);
  return rows.flatMap((row) =>
    row.storage_key !== null && row.text !== null
      ? [{ storageKey: row.storage_key, text: row.text, pageCount: row.page_count }]
      : [],
  );
}
