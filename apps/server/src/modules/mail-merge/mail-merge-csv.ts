import type { FastifyInstance } from 'fastify';
import { MAIL_MERGE_MAX_CSV_BYTES, MAIL_MERGE_MAX_ROWS } from '@kuvert/shared/mail-merge';
import type { CsvDelimiter, CsvEncoding } from '@kuvert/shared/uploads';
import { AppError } from '../../plugins/app-error.ts';
import {
  ProcessingError,
  type CsvReading,
  type QueueOptions,
} from '../../plugins/processing/document-processing.ts';
import { findLiveUploadOfAccount } from '../uploads/upload-lookups.service.ts';

export interface MergeCsv {
  reading: CsvReading;
  header: string[];
  /** Data rows below the header. */
  rows: string[][];
  storageKey: string;
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** The CSV upload of the account: its key, or why it cannot be a mail merge's recipients. */
export async function findCsvUpload(app: FastifyInstance, accountId: string, uploadId: string) {
  const upload = await findLiveUploadOfAccount(app.db, accountId, uploadId);
  if (!upload || upload.status !== 'stored' || !upload.storage_key) {
    throw new AppError('NOT_FOUND', {
      message: 'The CSV is not among the uploads of this account.',
      details: [{ path: 'upload_id', message: 'No such upload' }],
    });
  }
  if (upload.content_type !== 'text/csv') {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', {
      message: `“${upload.name}” is not a CSV table: choose a CSV file of recipients.`,
      details: [{ path: 'upload_id', message: 'Not a CSV' }],
    });
  }
  if (Number(upload.size) > MAIL_MERGE_MAX_CSV_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', {
      message: `“${upload.name}” is larger than ${megabytes(MAIL_MERGE_MAX_CSV_BYTES)}: a mail merge reads CSVs up to that size.`,
      details: [{ path: 'upload_id', message: 'CSV too large' }],
    });
  }
  return { ...upload, storage_key: upload.storage_key };
}

/**
 * Reads a CSV for a mail merge: its bytes from the document store, parsed in the processing
 * pool (the file is the user's, so hostile). CSV_EMPTY, CSV_NO_ROWS, PAYLOAD_TOO_LARGE over
 * MAIL_MERGE_MAX_ROWS.
 */
export async function readMergeCsv(
  app: FastifyInstance,
  storageKey: string,
  options: { encoding?: CsvEncoding; delimiter?: CsvDelimiter },
  caller: 'request' | 'job' = 'request',
  queue: QueueOptions = {},
): Promise<MergeCsv> {
  const bytes = await app.documents.read(storageKey);
  if (bytes.length > MAIL_MERGE_MAX_CSV_BYTES) throw new AppError('PAYLOAD_TOO_LARGE');
  let reading: CsvReading;
  try {
    reading = await app.processing.readCsv(
      bytes,
      {
        ...options,
        // The header, the rows allowed, and one more to tell there are too many.
        maxRows: MAIL_MERGE_MAX_ROWS + 1,
      },
      caller,
      queue,
    );
  } catch (error) {
    if (error instanceof ProcessingError) throw new AppError('DOCUMENT_UNREADABLE');
    throw error;
  }
  const [header, ...rows] = reading.rows;
  if (header === undefined || header.every((cell) => cell.trim() === '')) {
    throw new AppError('CSV_EMPTY');
  }
  if (rows.length === 0) throw new AppError('CSV_NO_ROWS');
  if (reading.truncated) {
    throw new AppError('PAYLOAD_TOO_LARGE', {
      message: `The CSV has more than ${MAIL_MERGE_MAX_ROWS.toLocaleString('en')} recipients: split it into several mail merges.`,
    });
  }
  return { reading, header, rows, storageKey };
}
