import type { Kysely } from 'kysely';
import type {
  CsvDelimiter,
  CsvEncoding,
  UploadTextFailure,
  UploadTextSource,
} from '@kuvert/shared/uploads';
import type { Database } from '../../db/schema.ts';

/** Reading an upload (the upload.read job): what it needs, and what it writes back. */

export async function findUploadToRead(db: Kysely<Database>, uploadId: string) {
  return db
    .selectFrom('uploads')
    .select([
      'id',
      'account_id',
      'status',
      'content_type',
      'storage_key',
      'size',
      'trashed_at',
      'encoding',
      'delimiter',
    ])
    .where('id', '=', uploadId)
    .executeTakeFirst();
}

/** `reading` or `recognising`: the page shows "reading text…" or "recognising text…". */
export async function markUploadBeingRead(
  db: Kysely<Database>,
  uploadId: string,
  change: { status: 'reading' | 'recognising'; pageCount?: number; now: string },
): Promise<void> {
  await db
    .updateTable('uploads')
    .set({
      text_status: change.status,
      text_failure: null,
      ...(change.pageCount === undefined ? {} : { page_count: change.pageCount }),
      updated_at: change.now,
    })
    .where('id', '=', uploadId)
    .execute();
}

export async function saveUploadThumbnail(
  db: Kysely<Database>,
  uploadId: string,
  thumbnail: { key: string; contentType: string },
): Promise<boolean> {
  const result = await db
    .updateTable('uploads')
    .set({ thumbnail_key: thumbnail.key, thumbnail_type: thumbnail.contentType })
    .where('id', '=', uploadId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export interface ReadText {
  text: string;
  source: UploadTextSource;
  pageCount: number | null;
  encoding: CsvEncoding | null;
  delimiter: CsvDelimiter | null;
  now: string;
}

/** Answers false when the upload is gone (deleted while it was read). */
export async function saveUploadText(
  db: Kysely<Database>,
  uploadId: string,
  read: ReadText,
): Promise<boolean> {
  const result = await db
    .updateTable('uploads')
    .set({
      text_status: 'extracted',
      text_failure: null,
      text_source: read.source,
      text: read.text,
      page_count: read.pageCount,
      encoding: read.encoding,
      delimiter: read.delimiter,
      updated_at: read.now,
    })
    .where('id', '=', uploadId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * The upload stays, to open and download; only its text is missing, and the page says why.
 * The first reason is kept: giving up on the job afterwards does not overwrite it.
 */
export async function markUploadTextFailed(
  db: Kysely<Database>,
  uploadId: string,
  failure: { reason: UploadTextFailure; pageCount?: number; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('uploads')
    .set({
      text_status: 'failed',
      text_failure: failure.reason,
      text_source: null,
      text: null,
      ...(failure.pageCount === undefined ? {} : { page_count: failure.pageCount }),
      updated_at: failure.now,
    })
    .where('id', '=', uploadId)
    .where('text_status', 'in', ['pending', 'reading', 'recognising'])
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
