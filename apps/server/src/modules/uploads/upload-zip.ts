import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { ZipFile } from 'yazl';
import type { DocumentStore } from '../../plugins/storage.ts';
import { safeZipNames } from './upload-zip-names.ts';
import type { UploadRow } from './uploads.repository.ts';

/** Compressing these gains nothing: they are compressed already. */
const STORED_AS_IS = new Set(['image/png', 'image/jpeg', 'image/webp', 'application/pdf']);

/**
 * A ZIP of the uploads, streamed: each file is opened only when the archive reaches it, so
 * memory stays flat and no more than one file is open at a time, whatever the selection.
 */
export function zipUploads(
  documents: DocumentStore,
  rows: readonly UploadRow[],
  log: FastifyBaseLogger,
): Readable {
  const zip = new ZipFile();
  const names = safeZipNames(rows.map((row) => row.name));
  rows.forEach((row, index) => {
    const key = row.storage_key;
    const name = names[index];
    if (!key || !name) return;
    zip.addReadStreamLazy(
      name,
      {
        size: Number(row.size),
        mtime: new Date(row.stored_at ?? row.created_at),
        compress: !STORED_AS_IS.has(row.content_type ?? ''),
      },
      (callback) => {
        documents.open(key).then(
          (stream) => callback(null, stream),
          (error: unknown) => callback(error, Readable.from([])),
        );
      },
    );
  });
  zip.end();
  const output = Readable.from(zip.outputStream);
  zip.on('error', (error: unknown) => {
    // The answer has begun; all that is left is to cut it off, so the download shows as failed.
    log.error({ err: error }, 'ZIP of uploads cut off');
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return output;
}
