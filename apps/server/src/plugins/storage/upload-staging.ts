import type { Readable } from 'node:stream';

/**
 * Where the bytes of an upload in progress (tus) wait until the last one arrived: on the file
 * system next to the documents, or in the S3 bucket, so that any instance can continue an
 * upload another one began. Bytes are only ever appended at the current offset; the uploads
 * table holds that offset, and a lock (per process, or PostgreSQL's advisory lock) makes sure
 * only one request appends to an upload at a time.
 */
export interface UploadStaging {
  /**
   * Appends the body of one PATCH at `offset` (the bytes kept so far) and answers how many
   * bytes it kept. A request cut off mid-way keeps what arrived, so the client resumes from
   * there; `maxBytes` stops a body longer than the upload announced.
   *
   * What the tus route relies on (FileSystemUploadStaging does this):
   * - `offset` is the offset the uploads table holds; bytes kept beyond it (a request whose
   *   end never reached the table) are dropped first, fewer than it are a CONFLICT AppError;
   * - an error of `source` itself (the client went away) ends the append: what arrived is
   *   kept (durably) and counted, and append resolves;
   * - more than `maxBytes` bytes: throws AppError('PAYLOAD_TOO_LARGE') (the offset then stays);
   * - errors of the store itself are thrown.
   */
  append(id: string, offset: number, source: Readable, maxBytes: number): Promise<number>;
  /** Every byte kept so far, in order. */
  open(id: string): Promise<Readable>;
  /** At most the first `length` bytes (to judge the type by content). */
  head(id: string, length: number): Promise<Buffer>;
  /** Forgets the upload's bytes; nothing happens when there are none. */
  remove(id: string): Promise<void>;
}
