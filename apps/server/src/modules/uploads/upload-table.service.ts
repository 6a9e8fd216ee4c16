import type { FastifyInstance } from 'fastify';
import type { UploadTable } from '@kuvert/shared/uploads';
import { AppError } from '../../plugins/app-error.ts';
import { ProcessingError } from '../../plugins/processing/document-processing.ts';
import { findUploadForTable } from './upload-table.repository.ts';

/** Rows a preview shows; the whole file is for the mail merge. */
export const UPLOAD_TABLE_MAX_ROWS = 200;
/** The start of the file that is read for them: 200 rows of 10 KB each. */
const TABLE_HEAD_BYTES = 2 * 1024 * 1024;

async function readHead(app: FastifyInstance, key: string, length: number): Promise<Buffer> {
  if (length === 0) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  for await (const chunk of await app.documents.open(key, { start: 0, end: length - 1 })) {
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/**
 * The first rows of a CSV or text upload, in the encoding and with the delimiter asked for,
 * else those Kuvert detected when it read the file (else detected now, from its start).
 */
export async function getUploadTable(
  app: FastifyInstance,
  userId: string,
  uploadId: string,
  query: Pick<Partial<UploadTable>, 'encoding' | 'delimiter'>,
): Promise<UploadTable> {
  const upload = await findUploadForTable(app.db, userId, uploadId);
  if (!upload || upload.status !== 'stored' || !upload.storage_key) {
    throw new AppError('NOT_FOUND');
  }
  if (upload.content_type !== 'text/csv' && upload.content_type !== 'text/plain') {
    throw new AppError('CONFLICT', {
      message: 'Only CSV and text uploads can be shown as a table.',
    });
  }
  const size = Number(upload.size);
  const length = Math.min(size, TABLE_HEAD_BYTES);
  const head = await readHead(app, upload.storage_key, length);
  try {
    return await app.processing.previewCsv(
      head,
      {
        isComplete: length >= size,
        encoding: query.encoding ?? upload.encoding ?? undefined,
        delimiter: query.delimiter ?? upload.delimiter ?? undefined,
        maxRows: UPLOAD_TABLE_MAX_ROWS,
      },
      { fairnessKey: `user:${userId}` },
    );
  } catch (error) {
    if (error instanceof ProcessingError) throw new AppError('DOCUMENT_UNREADABLE');
    throw error;
  }
}
