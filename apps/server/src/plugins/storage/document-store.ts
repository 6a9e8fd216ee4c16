import type { Readable } from 'node:stream';

export interface StoredDocument {
  /** The SHA-256 of the content in hex: the same bytes always get the same key. */
  key: string;
  size: number;
  sha256: string;
}

export interface ByteRange {
  /** First byte, inclusive. */
  start: number;
  /** Last byte, inclusive (as in an HTTP Range header). */
  end: number;
}

/**
 * Where letters' PDFs and uploads live. Content-addressed, so one document delivered to many
 * recipients is stored once. Because keys are shared, only collect a key when no row refers
 * to it any more.
 *
 * Collecting races with a new delivery of the same bytes: its `put` finds the file, and its
 * row is written a moment later. So `put` renews a file's time when it finds it, and `collect`
 * spares a file put since `untouchedSince`: the caller checks such a key again later.
 */
export interface DocumentStore {
  put(source: Readable | Buffer, options: { maxBytes: number }): Promise<StoredDocument>;
  open(key: string, range?: ByteRange): Promise<Readable>;
  read(key: string): Promise<Buffer>;
  exists(key: string): Promise<boolean>;
  /** Removes the file unless it was put at or after `untouchedSince`; answers which. */
  collect(key: string, untouchedSince: Date): Promise<'removed' | 'kept' | 'missing'>;
  /**
   * Tidies what a crash left behind, among temporary files last touched before `olderThan`
   * (so nothing still in progress): a half-written upload is removed, a document caught
   * half-way through `collect` is put back (or removed, when its place was taken again).
   */
  cleanTemporaryFiles(olderThan: Date): Promise<TemporaryFilesCleaned>;
  /**
   * Resolves when the store can be reached now (the readiness check, `/api/ready`), throws
   * otherwise. Cheap: no document is read. `signal` cancels a request that takes too long.
   */
  ping(options?: { signal?: AbortSignal }): Promise<void>;
}

export interface TemporaryFilesCleaned {
  /** Half-written uploads and superfluous copies removed. */
  removed: number;
  /** Documents put back in place after a collect that did not finish. */
  restored: number;
}

/** A document's key: the SHA-256 of its bytes, in lower-case hex. */
export const DOCUMENT_KEY_PATTERN = /^[0-9a-f]{64}$/;

export function toBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk === 'string') return Buffer.from(chunk);
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
  throw new TypeError('A document stream must yield bytes');
}
