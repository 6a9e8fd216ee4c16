import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { newId } from '../../db/ids.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';
import { aboutFile, assertFileSize, reserveStorage } from '../../plugins/storage-quota.ts';
import { ProcessingError } from '../../plugins/processing/document-processing.ts';
import { cleanFilename } from '../../plugins/uploads.ts';
import { assertAccountAction } from '../accounts/accounts.service.ts';
import { assertCan } from '../../plugins/account-policy.ts';
import { publishLiveEvent } from '../events/events.service.ts';
import { describeActiveContent } from '../../documents/document-inspection.ts';
import { collectUnreferencedDocuments } from '../../documents/document-collection.ts';
import { updateUploadSearchIndex } from '../../plugins/search-index.ts';
import {
  UPLOAD_SNIFF_BYTES,
  judgeUploadType,
  refusalMessage,
  type JudgedType,
} from './upload-content-type.ts';
import { UPLOAD_READ_JOB } from './upload-job-types.ts';
import { parseUploadMetadata } from './upload-metadata.ts';
import { joined, splitHead } from './upload-stream.ts';
import { uploadExpiryOf } from './upload-expiry.ts';
import { withUploadLock } from './upload-locks.ts';
import {
  deleteUploadRows,
  findUploadForUser,
  insertUpload,
  updateReceivedBytes,
  updateUpload,
  type UploadRow,
  type UploadRowWithRole,
} from './uploads.repository.ts';

/**
 * PDFs up to this size are opened in the processing pool before they are kept. The whole file
 * travels to the child in memory, so larger ones are kept unopened (their reading job still
 * treats them as hostile, in the pool).
 */
export const PDF_INSPECTION_MAX_BYTES = 32 * 1024 * 1024;

export interface UploadPosition {
  offset: number;
  length: number;
  /** Until when the upload may be continued; null once it is stored. */
  expiresAt: Date | null;
}

function expiryOf(row: Pick<UploadRow, 'status' | 'updated_at'>): Date | null {
  if (row.status !== 'receiving') return null;
  return uploadExpiryOf(row.updated_at);
}

function positionOf(row: UploadRow): UploadPosition {
  const length = Number(row.size);
  return {
    offset: row.status === 'stored' ? length : Number(row.received_bytes),
    length,
    expiresAt: expiryOf(row),
  };
}

/**
 * tus creation: checks the metadata, the caller's role (member or owner), the size limit and
 * the quota, then records the upload as receiving. Nothing is stored yet.
 */
export async function createUpload(
  app: FastifyInstance,
  userId: string,
  input: { metadataHeader: string | undefined; length: number },
): Promise<{ id: string; expiresAt: Date }> {
  const metadata = parseUploadMetadata(input.metadataHeader);
  const { account_id: accountId } = metadata;
  const name = cleanFilename(metadata.filename, 'upload');
  await assertAccountAction(app.db, userId, accountId, 'upload');
  assertFileSize(app, name, input.length);
  if (input.length === 0) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', {
      message: `“${name}” is empty.`,
      details: aboutFile(name),
    });
  }
  const now = app.clock.now();
  const nowIso = now.toISOString();
  const id = newId(now.getTime());
  await app.db.transaction().execute(async (trx) => {
    await reserveStorage(
      app,
      trx,
      { kind: 'account', accountId },
      { filename: name, size: input.length },
    );
    await insertUpload(trx, {
      id,
      account_id: accountId,
      created_by_user_id: userId,
      name,
      status: 'receiving',
      content_type: null,
      size: input.length,
      storage_key: null,
      sha256: null,
      text_failure: null,
      text_source: null,
      text: null,
      page_count: null,
      thumbnail_key: null,
      thumbnail_type: null,
      encoding: null,
      delimiter: null,
      purpose: metadata.purpose ?? 'library',
      created_at: nowIso,
      updated_at: nowIso,
      stored_at: null,
      trashed_at: null,
    });
  });
  // Owners' lists of uploads in progress, and the usage, show it at once.
  await publishLiveEvent(app, { type: 'uploads.changed', account_id: accountId, upload_id: null });
  return { id, expiresAt: uploadExpiryOf(nowIso) };
}

/**
 * The caller's own upload, in progress or just completed (a client whose last answer was lost
 * asks again). Members of other accounts get 404, viewers 403, and another member of the
 * account 404 too: an upload in progress belongs to whoever started it.
 */
async function requireOwnUpload(
  db: Kysely<Database>,
  userId: string,
  uploadId: string,
): Promise<UploadRowWithRole> {
  const row = await findUploadForUser(db, userId, uploadId, 'any');
  if (!row || row.trashed_at !== null) throw new AppError('NOT_FOUND');
  assertCan(row.role, 'upload');
  if (row.created_by_user_id !== userId) throw new AppError('NOT_FOUND');
  return row;
}

/** tus HEAD: how many bytes arrived (the whole length once stored). */
export async function getUploadPosition(
  app: FastifyInstance,
  userId: string,
  uploadId: string,
): Promise<UploadPosition> {
  return positionOf(await requireOwnUpload(app.db, userId, uploadId));
}

/** tus termination: the upload in progress is cancelled; its row and bytes go. */
export async function cancelUpload(
  app: FastifyInstance,
  userId: string,
  uploadId: string,
): Promise<void> {
  await withUploadLock(app, uploadId, async (db) => {
    const row = await requireOwnUpload(db, userId, uploadId);
    // Once stored it is managed in the portal (trash), not by the upload protocol.
    if (row.status !== 'receiving') throw new AppError('NOT_FOUND');
    await discardReceivingUpload(app, db, uploadId);
  });
}

/** Forgets an upload in progress: its row, so its room in the quota, and its bytes. */
export async function discardReceivingUpload(
  app: FastifyInstance,
  db: Kysely<Database>,
  uploadId: string,
): Promise<void> {
  await deleteUploadRows(db, [uploadId]);
  await app.uploadStaging.remove(uploadId);
}

export interface AppendInput {
  /** The client's Upload-Offset. */
  offset: number;
  /** Content-Length of the body, when the client sent one. */
  contentLength: number | undefined;
  body: Readable;
}

/**
 * tus PATCH: appends the body at the offset, one request per upload at a time. The first
 * bytes decide the type (anything else is refused at once, and forgotten). When the last
 * byte arrived, the file goes into the document store (a PDF is opened in the processing
 * pool first) and is queued to be read. A request cut off mid-way keeps what arrived.
 */
export async function appendToUpload(
  app: FastifyInstance,
  userId: string,
  uploadId: string,
  input: AppendInput,
): Promise<UploadPosition> {
  return withUploadLock(app, uploadId, async (db) => {
    const row = await requireOwnUpload(db, userId, uploadId);
    const position = positionOf(row);
    if (input.offset !== position.offset) {
      throw new AppError('CONFLICT', {
        message: `The upload of “${row.name}” is at byte ${position.offset}, not ${input.offset}.`,
        details: [{ path: 'Upload-Offset', filename: row.name, offset: position.offset }],
      });
    }
    if (row.status === 'stored') return position;
    const remaining = position.length - position.offset;
    if (input.contentLength !== undefined && input.contentLength > remaining) {
      throw new AppError('PAYLOAD_TOO_LARGE', {
        message: `The request carries more of “${row.name}” than its announced length.`,
        details: aboutFile(row.name),
      });
    }
    let source = input.body;
    let judged: JudgedType | undefined;
    if (row.content_type === null) {
      const needed = Math.min(UPLOAD_SNIFF_BYTES, position.length);
      const earlier =
        position.offset > 0
          ? await app.uploadStaging.head(uploadId, Math.min(position.offset, needed))
          : Buffer.alloc(0);
      const { head, rest } = await splitHead(input.body, needed - earlier.length);
      const sample = Buffer.concat([earlier, head]);
      if (sample.length >= needed) {
        const judgement = judgeUploadType(
          sample.subarray(0, needed),
          row.name,
          position.length > needed,
        );
        if (!judgement.isAccepted) {
          await discardReceivingUpload(app, db, uploadId);
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', {
            message: refusalMessage(row.name, judgement.reason),
            details: aboutFile(row.name),
          });
        }
        judged = judgement;
      }
      source = Readable.from(joined(head, rest));
    }
    const kept = await app.uploadStaging.append(uploadId, position.offset, source, remaining);
    const offset = position.offset + kept;
    const typeChanges = judged
      ? { content_type: judged.contentType, encoding: judged.encoding, delimiter: judged.delimiter }
      : {};
    if (offset < position.length) {
      const nowIso = app.clock.now().toISOString();
      await updateReceivedBytes(db, uploadId, position.offset, {
        received_bytes: offset,
        updated_at: nowIso,
        ...typeChanges,
      });
      return {
        ...position,
        offset,
        expiresAt: expiryOf({ status: 'receiving', updated_at: nowIso }),
      };
    }
    await completeUpload(app, db, { ...row, ...typeChanges });
    return { offset, length: position.length, expiresAt: null };
  });
}

/**
 * The last byte arrived: into the document store (content-addressed), a PDF opened in the
 * processing pool, then stored. The offset is recorded only here, with the rest, so a failure
 * on the way leaves the client to send the last piece again.
 */
async function completeUpload(
  app: FastifyInstance,
  db: Kysely<Database>,
  row: UploadRow,
): Promise<void> {
  if (row.content_type === null) throw new Error('An upload completed without a judged type');
  const size = Number(row.size);
  const stored = await app.documents.put(await app.uploadStaging.open(row.id), { maxBytes: size });
  const refuse = async (error: AppError): Promise<never> => {
    await discardReceivingUpload(app, db, row.id);
    await collectUnreferencedDocuments(app, [stored.key]);
    throw error;
  };
  if (stored.size !== size) {
    await refuse(
      new AppError('CONFLICT', {
        message: `The bytes of “${row.name}” did not arrive whole; upload it again.`,
        details: aboutFile(row.name),
      }),
    );
  }
  let pageCount: number | null = null;
  if (row.content_type === 'application/pdf' && size <= PDF_INSPECTION_MAX_BYTES) {
    const inspection = await app.processing
      .inspectUploadedPdf(await app.documents.read(stored.key), {
        fairnessKey: `account:${row.account_id}`,
      })
      .catch(async (error: unknown) => {
        if (!(error instanceof ProcessingError)) throw error;
        return refuse(
          new AppError('DOCUMENT_UNREADABLE', {
            message: `“${row.name}” is not a PDF Kuvert can read (${error.reason}).`,
            details: [{ path: 'file', filename: row.name, message: error.message }],
          }),
        );
      });
    if (inspection.activeContent.length > 0) {
      await refuse(
        new AppError('DOCUMENT_ACTIVE_CONTENT', {
          message: `“${row.name}” contains ${describeActiveContent(inspection.activeContent)}, which Kuvert does not accept. Upload the PDF without active content.`,
          details: [{ path: 'file', filename: row.name, active_content: inspection.activeContent }],
        }),
      );
    }
    pageCount = inspection.pageCount;
  }
  const nowIso = app.clock.now().toISOString();
  await db
    .transaction()
    .execute(async (trx) => {
      await updateUpload(trx, row.id, {
        status: 'stored',
        received_bytes: size,
        content_type: row.content_type,
        encoding: row.encoding,
        delimiter: row.delimiter,
        storage_key: stored.key,
        sha256: stored.sha256,
        page_count: pageCount,
        stored_at: nowIso,
        updated_at: nowIso,
      });
      await app.jobs.enqueue(trx, { type: UPLOAD_READ_JOB, payload: { upload_id: row.id } });
      await updateUploadSearchIndex(app, trx, row.id);
    })
    .catch(async (error: unknown) => {
      // Nothing refers to the stored copy now; the staged bytes stay for the client's retry.
      await collectUnreferencedDocuments(app, [stored.key]);
      throw error;
    });
  await app.uploadStaging.remove(row.id);
  await publishLiveEvent(app, {
    type: 'uploads.changed',
    account_id: row.account_id,
    upload_id: row.id,
  });
}
