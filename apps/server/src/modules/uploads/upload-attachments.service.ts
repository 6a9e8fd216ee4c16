import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { MAX_ATTACHMENT_BYTES, REPLY_ATTACHMENT_TYPES } from '@kuvert/shared/letters';
import { uploadContentTypeSchema } from '@kuvert/shared/uploads';
import { newId } from '../../db/ids.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';
import { aboutFile, formatBytes, reserveStorage } from '../../plugins/storage-quota.ts';
import { publishLiveEvent } from '../events/events.service.ts';
import { updateUploadSearchIndex } from '../../plugins/search-index.ts';
import { UPLOAD_READ_JOB } from './upload-job-types.ts';
import {
  findLiveUploadByKey,
  findLiveUploadsOfAccount,
  insertUpload,
} from './uploads.repository.ts';

/** An upload attached to a letter: the document the letter gets. */
export interface AttachableUpload {
  key: string;
  size: number;
  filename: string;
  contentType: string;
  pageCount: number | null;
}

/** A file a user attached from their computer, already in the document store and checked. */
export type AttachedFile = AttachableUpload;

const isAttachableType = (type: string | null): boolean =>
  REPLY_ATTACHMENT_TYPES.some((accepted) => accepted === type);

/**
 * Stored, live uploads of the account to attach to a letter, in the order given: 404 when
 * one is not (another account's, in the trash, still arriving), 415 for a table or text
 * (letters carry PDFs and images), 413 for one larger than an attachment may be.
 */
export async function findUploadsToAttach(
  app: FastifyInstance,
  accountId: string,
  ids: readonly string[],
): Promise<AttachableUpload[]> {
  const unique = [...new Set(ids)];
  const rows = await findLiveUploadsOfAccount(app.db, accountId, unique);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return unique.map((id) => {
    const row = byId.get(id);
    if (!row?.storage_key) {
      throw new AppError('NOT_FOUND', {
        message: 'An upload to attach is not among the uploads of this account.',
        details: [{ path: 'upload_ids', message: `No upload ${id} to attach` }],
      });
    }
    if (!isAttachableType(row.content_type)) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', {
        message: `“${row.name}” cannot go with a letter: attach PDFs and images.`,
        details: aboutFile(row.name, 'upload_ids'),
      });
    }
    if (Number(row.size) > MAX_ATTACHMENT_BYTES) {
      throw new AppError('PAYLOAD_TOO_LARGE', {
        message: `“${row.name}” is ${formatBytes(Number(row.size))}; an attachment may have at most ${formatBytes(MAX_ATTACHMENT_BYTES)}.`,
        details: aboutFile(row.name, 'upload_ids'),
      });
    }
    return {
      key: row.storage_key,
      size: Number(row.size),
      filename: row.name,
      contentType: row.content_type ?? 'application/octet-stream',
      pageCount: row.page_count,
    };
  });
}

/**
 * Files attached from the computer become uploads of the account too (counted in its quota,
 * then read like any upload). Call it in the transaction that writes the letter, so both or
 * neither are kept; a file the account already has as a live upload is not added twice, and
 * a type uploads do not keep (GIF) only goes with the letter. Answers the new uploads' ids.
 */
export async function recordAttachedFilesAsUploads(
  app: FastifyInstance,
  trx: Kysely<Database>,
  input: { accountId: string; userId: string; files: readonly AttachedFile[]; nowIso: string },
): Promise<string[]> {
  const created: string[] = [];
  for (const file of input.files) {
    const contentType = uploadContentTypeSchema.safeParse(file.contentType);
    if (!contentType.success) continue;
    if (await findLiveUploadByKey(trx, input.accountId, file.key)) continue;
    await reserveStorage(app, trx, { kind: 'account', accountId: input.accountId }, file);
    const id = newId(Date.parse(input.nowIso));
    await insertUpload(trx, {
      id,
      account_id: input.accountId,
      created_by_user_id: input.userId,
      name: file.filename,
      status: 'stored',
      content_type: contentType.data,
      size: file.size,
      received_bytes: file.size,
      storage_key: file.key,
      sha256: file.key,
      text_failure: null,
      text_source: null,
      text: null,
      page_count: file.pageCount,
      thumbnail_key: null,
      thumbnail_type: null,
      encoding: null,
      delimiter: null,
      created_at: input.nowIso,
      updated_at: input.nowIso,
      stored_at: input.nowIso,
      trashed_at: null,
    });
    await app.jobs.enqueue(trx, { type: UPLOAD_READ_JOB, payload: { upload_id: id } });
    await updateUploadSearchIndex(app, trx, id);
    created.push(id);
  }
  return created;
}

/** After the commit: open upload pages show the new ones. */
export async function announceNewUploads(
  app: FastifyInstance,
  accountId: string,
  uploadIds: readonly string[],
): Promise<void> {
  if (uploadIds.length === 0) return;
  await publishLiveEvent(app, {
    type: 'uploads.changed',
    account_id: accountId,
    upload_id: uploadIds.length === 1 ? (uploadIds[0] ?? null) : null,
  });
}

/** What a draft shows of its attachments: the uploads still live (a trashed one drops out). */
export async function describeLiveUploads(
  app: FastifyInstance,
  accountId: string,
  ids: readonly string[],
): Promise<{ upload_id: string; name: string; content_type: string; size: number }[]> {
  const rows = await findLiveUploadsOfAccount(app.db, accountId, [...new Set(ids)]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row
      ? [
          {
            upload_id: row.id,
            name: row.name,
            content_type: row.content_type ?? 'application/octet-stream',
            size: Number(row.size),
          },
        ]
      : [];
  });
}

/** One stored, live upload of the account (for a form's file field), or undefined. */
export async function findLiveUpload(
  app: FastifyInstance,
  accountId: string,
  uploadId: string,
): Promise<AttachableUpload | undefined> {
  const [row] = await findLiveUploadsOfAccount(app.db, accountId, [uploadId]);
  if (!row?.storage_key) return undefined;
  return {
    key: row.storage_key,
    size: Number(row.size),
    filename: row.name,
    contentType: row.content_type ?? 'application/octet-stream',
    pageCount: row.page_count,
  };
}
