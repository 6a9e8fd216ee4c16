import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type {
  CsvDelimiter,
  CsvEncoding,
  UploadContentType,
  UploadTextFailure,
} from '@kuvert/shared/uploads';
import { PermanentJobError } from '../../plugins/jobs.ts';
import {
  OCR_MAX_PAGES,
  ProcessingError,
  type ThumbnailSourceType,
} from '../../plugins/processing/document-processing.ts';
import { publishLiveEvent } from '../events/events.service.ts';
import { updateUploadSearchIndex } from '../../plugins/search-index.ts';
import { UPLOAD_READ_JOB } from './upload-job-types.ts';
import {
  findUploadToRead,
  markUploadBeingRead,
  markUploadTextFailed,
  saveUploadText,
  saveUploadThumbnail,
  type ReadText,
} from './upload-reading.repository.ts';

/**
 * Reads a stored upload in the processing pool (DESIGN §8): a thumbnail of an image or of a
 * PDF's first page; the text of a PDF (its text layer, and OCR for the pages that have none),
 * of a photo (OCR), or of a text file or CSV (in the encoding and with the delimiter decided
 * when it arrived, so the page never changes its mind once the text is read). Each stage
 * is announced, so the upload's page shows "reading text…" or "recognising text…". A
 * document that breaks a limit fails for good at once and says why; the file itself stays.
 */

const payloadSchema = z.object({ upload_id: z.string() });
/** Larger uploads are kept but not read: the pool gets the whole file in memory. */
export const UPLOAD_READ_MAX_BYTES = 100 * 1024 * 1024;
/** A PDF page with fewer characters than this in its text layer may be a scan: OCR reads it. */
const SCANNED_PAGE_MAX_CHARS = 20;
const PAGE_SEPARATOR = '\f';

interface UploadToRead {
  id: string;
  accountId: string;
  contentType: UploadContentType;
  /** Of a text file or CSV, as judged on arrival; null for older rows, detected then. */
  encoding: CsvEncoding | null;
  delimiter: CsvDelimiter | null;
}

function parsePayload(payload: unknown): string {
  const parsed = payloadSchema.safeParse(payload);
  if (!parsed.success) throw new PermanentJobError('Malformed job payload');
  return parsed.data.upload_id;
}

function hasThumbnail(contentType: UploadContentType): contentType is ThumbnailSourceType {
  return contentType !== 'text/csv' && contentType !== 'text/plain';
}

function announce(app: FastifyInstance, upload: UploadToRead): Promise<void> {
  return publishLiveEvent(app, {
    type: 'uploads.changed',
    account_id: upload.accountId,
    upload_id: upload.id,
  });
}

async function setStage(
  app: FastifyInstance,
  upload: UploadToRead,
  status: 'reading' | 'recognising',
  pageCount?: number,
): Promise<void> {
  const now = app.clock.now().toISOString();
  await markUploadBeingRead(app.db, upload.id, { status, pageCount, now });
  await announce(app, upload);
}

/** A thumbnail is a nicety: when it cannot be made, the upload shows its type's icon. */
async function makeThumbnail(
  app: FastifyInstance,
  upload: UploadToRead,
  bytes: Uint8Array,
): Promise<void> {
  if (!hasThumbnail(upload.contentType)) return;
  try {
    const thumbnail = await app.processing.makeThumbnail(bytes, upload.contentType);
    const stored = await app.documents.put(Buffer.from(thumbnail.bytes), {
      maxBytes: UPLOAD_READ_MAX_BYTES,
    });
    const isSaved = await saveUploadThumbnail(app.db, upload.id, {
      key: stored.key,
      contentType: thumbnail.contentType,
    });
    if (isSaved) await announce(app, upload);
  } catch (error) {
    if (!(error instanceof ProcessingError)) throw error;
    app.log.warn(
      { uploadId: upload.id, reason: error.reason, detail: error.message },
      'upload thumbnail not made',
    );
  }
}

function visibleLength(text: string): number {
  return text.replace(/\s+/gu, '').length;
}

async function readPdf(
  app: FastifyInstance,
  upload: UploadToRead,
  bytes: Uint8Array,
): Promise<Omit<ReadText, 'now'>> {
  const layer = await app.processing.extractPdfText(bytes);
  const pages = layer.text.split(PAGE_SEPARATOR);
  const scanned = pages.flatMap((text, index) =>
    visibleLength(text) < SCANNED_PAGE_MAX_CHARS ? [index + 1] : [],
  );
  const base = { pageCount: layer.pageCount, encoding: null, delimiter: null };
  if (scanned.length === 0) return { ...base, text: layer.text, source: 'pdf' };
  await setStage(app, upload, 'recognising', layer.pageCount);
  const recognised = await app.processing.recognizeText(bytes, 'application/pdf', {
    pages: scanned,
  });
  // A short page that is really text ("Seite 2") keeps its layer: OCR finds nothing more.
  let isRecognised = false;
  for (const page of recognised.pages) {
    if (visibleLength(page.text) <= visibleLength(pages[page.number - 1] ?? '')) continue;
    pages[page.number - 1] = page.text;
    isRecognised = true;
  }
  if (recognised.pagesNotRead > 0) {
    app.log.info(
      { uploadId: upload.id, pagesNotRead: recognised.pagesNotRead, maxPages: OCR_MAX_PAGES },
      'upload partly recognised',
    );
  }
  return { ...base, text: pages.join(PAGE_SEPARATOR), source: isRecognised ? 'ocr' : 'pdf' };
}

async function readText(
  app: FastifyInstance,
  upload: UploadToRead,
  bytes: Uint8Array,
): Promise<Omit<ReadText, 'now'>> {
  switch (upload.contentType) {
    case 'application/pdf':
      await setStage(app, upload, 'reading');
      await makeThumbnail(app, upload, bytes);
      return readPdf(app, upload, bytes);
    case 'image/png':
    case 'image/jpeg':
    case 'image/webp': {
      await setStage(app, upload, 'recognising');
      await makeThumbnail(app, upload, bytes);
      const recognised = await app.processing.recognizeText(bytes, upload.contentType);
      const text = recognised.pages.map((page) => page.text).join(PAGE_SEPARATOR);
      return { text, source: 'ocr', pageCount: null, encoding: null, delimiter: null };
    }
    case 'text/csv':
    case 'text/plain': {
      await setStage(app, upload, 'reading');
      const isCsv = upload.contentType === 'text/csv';
      const decoded = await app.processing.decodeText(bytes, {
        encoding: upload.encoding ?? undefined,
        detectDelimiter: isCsv && upload.delimiter === null,
      });
      return {
        text: decoded.text,
        source: 'plain',
        pageCount: null,
        encoding: decoded.encoding,
        delimiter: isCsv ? (upload.delimiter ?? decoded.delimiter) : null,
      };
    }
  }
}

async function recordFailure(
  app: FastifyInstance,
  upload: Pick<UploadToRead, 'id' | 'accountId'>,
  reason: UploadTextFailure,
): Promise<void> {
  const now = app.clock.now().toISOString();
  const isMarked = await app.db.transaction().execute(async (trx) => {
    const marked = await markUploadTextFailed(trx, upload.id, { reason, now });
    // Found by its name still, though not by its text.
    if (marked) await updateUploadSearchIndex(app, trx, upload.id);
    return marked;
  });
  if (isMarked) {
    await publishLiveEvent(app, {
      type: 'uploads.changed',
      account_id: upload.accountId,
      upload_id: upload.id,
    });
  }
}

async function readUpload(app: FastifyInstance, payload: unknown): Promise<void> {
  const uploadId = parsePayload(payload);
  const row = await findUploadToRead(app.db, uploadId);
  // Deleted, trashed, or not complete: nothing to read (a restore does not read it again).
  if (!row || row.status !== 'stored' || row.trashed_at !== null) return;
  if (!row.storage_key || !row.content_type) return;
  const upload: UploadToRead = {
    id: row.id,
    accountId: row.account_id,
    contentType: row.content_type,
    encoding: row.encoding,
    delimiter: row.delimiter,
  };
  if (Number(row.size) > UPLOAD_READ_MAX_BYTES) {
    app.log.info({ uploadId, size: row.size }, 'upload too large to read');
    await recordFailure(app, upload, 'too_large');
    return;
  }
  const bytes = await app.documents.read(row.storage_key);
  let read: Omit<ReadText, 'now'>;
  try {
    read = await readText(app, upload, bytes);
  } catch (error) {
    if (!(error instanceof ProcessingError)) throw error;
    // The document's doing, not the server's: a warning without a stack trace.
    app.log.warn({ uploadId, reason: error.reason, detail: error.message }, 'upload not read');
    await recordFailure(app, upload, error.reason);
    throw new PermanentJobError(error.message, { cause: error });
  }
  const now = app.clock.now().toISOString();
  const isSaved = await app.db.transaction().execute(async (trx) => {
    const saved = await saveUploadText(trx, uploadId, { ...read, now });
    if (saved) await updateUploadSearchIndex(app, trx, uploadId);
    return saved;
  });
  if (isSaved) await announce(app, upload);
}

/** The handler of UPLOAD_READ_JOB; the uploads module calls this once at start-up. */
export function registerUploadReading(app: FastifyInstance): void {
  app.jobs.register(UPLOAD_READ_JOB, (payload) => readUpload(app, payload), {
    // Its attempts are spent (its worker, or the whole process, kept stopping on it).
    onGiveUp: async (payload) => {
      const parsed = payloadSchema.safeParse(payload);
      if (!parsed.success) return;
      const row = await findUploadToRead(app.db, parsed.data.upload_id);
      if (row) await recordFailure(app, { id: row.id, accountId: row.account_id }, 'crashed');
    },
  });
}
