import { constants } from 'node:fs';
import { mkdir, open, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { AppError } from '../app-error.ts';
import type { UploadStaging } from './upload-staging.ts';

/** Upload ids are UUIDs; checked so that no id can name a path outside the folder. */
const ID_PATTERN = /^[0-9a-f-]{36}$/;

function isMissingFile(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

function toBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
  if (typeof chunk === 'string') return Buffer.from(chunk);
  throw new TypeError('An upload stream must yield bytes');
}

async function writeFully(file: FileHandle, bytes: Buffer, position: number): Promise<void> {
  let written = 0;
  while (written < bytes.length) {
    const { bytesWritten } = await file.write(
      bytes,
      written,
      bytes.length - written,
      position + written,
    );
    written += bytesWritten;
  }
}

/**
 * The bytes of uploads in progress as one file per upload, `rootDir/<id>`, next to the
 * documents in DATA_DIR (so several instances sharing DATA_DIR can continue each other's
 * uploads). Appends are written where the offset says and fsynced before they count: the
 * uploads table records an offset only once its bytes are safe on disk. Bytes past the
 * recorded offset (a request whose answer never made it to the table) are cut off by the
 * next append.
 */
export class FileSystemUploadStaging implements UploadStaging {
  readonly rootDir: string;

  constructor(rootDir: string) {
    this.rootDir = rootDir;
  }

  async append(id: string, offset: number, source: Readable, maxBytes: number): Promise<number> {
    await mkdir(this.rootDir, { recursive: true });
    const file = await open(this.pathOf(id), constants.O_RDWR | constants.O_CREAT, 0o600);
    let kept = 0;
    const iterator = source[Symbol.asyncIterator]();
    try {
      const { size } = await file.stat();
      if (size < offset) {
        throw new AppError('CONFLICT', {
          message: 'The bytes uploaded so far are gone; start the upload again.',
        });
      }
      if (size > offset) await file.truncate(offset);
      for (;;) {
        let next: IteratorResult<unknown>;
        try {
          next = await iterator.next();
        } catch {
          // The client went away mid-request: what arrived is kept, and it resumes from there.
          break;
        }
        if (next.done) break;
        const bytes = toBuffer(next.value);
        if (kept + bytes.length > maxBytes) {
          await iterator.return?.();
          throw new AppError('PAYLOAD_TOO_LARGE', {
            message: 'The request carries more bytes than the upload announced.',
          });
        }
        await writeFully(file, bytes, offset + kept);
        kept += bytes.length;
      }
      await file.sync();
    } finally {
      await file.close();
    }
    return kept;
  }

  async open(id: string): Promise<Readable> {
    try {
      const file = await open(this.pathOf(id), 'r');
      return file.createReadStream();
    } catch (error) {
      if (isMissingFile(error)) throw new AppError('NOT_FOUND');
      throw error;
    }
  }

  async head(id: string, length: number): Promise<Buffer> {
    let file: FileHandle;
    try {
      file = await open(this.pathOf(id), 'r');
    } catch (error) {
      if (isMissingFile(error)) return Buffer.alloc(0);
      throw error;
    }
    try {
      const buffer = Buffer.alloc(length);
      let filled = 0;
      while (filled < length) {
        const { bytesRead } = await file.read(buffer, filled, length - filled, filled);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      return buffer.subarray(0, filled);
    } finally {
      await file.close();
    }
  }

  async remove(id: string): Promise<void> {
    await rm(this.pathOf(id), { force: true });
  }

  private pathOf(id: string): string {
    if (!ID_PATTERN.test(id)) throw new AppError('NOT_FOUND');
    return path.join(this.rootDir, id);
  }
}
