import { createHash, randomUUID } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import {
  access,
  link,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  utimes,
  type FileHandle,
} from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { systemClock, type Clock } from '../../clock.ts';
import { AppError } from '../app-error.ts';
import {
  DOCUMENT_KEY_PATTERN,
  toBuffer,
  type ByteRange,
  type DocumentStore,
  type StoredDocument,
  type TemporaryFilesCleaned,
} from './document-store.ts';

const TEMP_DIR = 'tmp';
/** `<uuid>.part`: an upload being written. */
const PART_FILE = /^[0-9a-f-]{36}\.part$/;
/** `<key>.<uuid>.collect`: a document being collected (`<uuid>.collect` before the key was in it). */
const COLLECT_FILE = /^(?:([0-9a-f]{64})\.)?[0-9a-f-]{36}\.collect$/;

function errorCodeOf(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;
}

function isMissingFile(error: unknown): boolean {
  return errorCodeOf(error) === 'ENOENT';
}

/** What `link` fails with where the filesystem has no hard links. */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

/** Directories must be fsynced too, or a rename can be lost in a crash after it returned. */
async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function writeFully(file: FileHandle, bytes: Buffer): Promise<void> {
  let offset = 0;
  while (offset < bytes.length) {
    const { bytesWritten } = await file.write(bytes, offset, bytes.length - offset);
    offset += bytesWritten;
  }
}

/**
 * Documents as files under `rootDir/ab/cd/<sha256>`. Writes go to `rootDir/tmp` first (the
 * same filesystem, so the final rename is atomic), are fsynced, then renamed into place: a
 * reader never sees half a document, and a document that `put` returned survives a crash.
 */
export class FileSystemDocumentStore implements DocumentStore {
  readonly rootDir: string;
  /** Stamps files when put, in the same time as the callers of `collect` reckon. */
  private readonly clock: Clock;

  constructor(rootDir: string, clock: Clock = systemClock) {
    this.rootDir = rootDir;
    this.clock = clock;
  }

  async put(source: Readable | Buffer, options: { maxBytes: number }): Promise<StoredDocument> {
    const tempDir = path.join(this.rootDir, TEMP_DIR);
    await mkdir(tempDir, { recursive: true });
    const tempPath = path.join(tempDir, `${randomUUID()}.part`);
    try {
      const { sha256, size } = await this.writeTemporaryFile(source, tempPath, options.maxBytes);
      await this.moveIntoPlace(tempPath, sha256);
      return { key: sha256, size, sha256 };
    } catch (error) {
      await rm(tempPath, { force: true });
      throw error;
    }
  }

  async open(key: string, range?: ByteRange): Promise<Readable> {
    // Opening first turns a missing document into an error here, not on the stream later.
    const file = await this.openExisting(key);
    return file.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async read(key: string): Promise<Buffer> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if (isMissingFile(error)) throw new AppError('NOT_FOUND');
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    if (!DOCUMENT_KEY_PATTERN.test(key)) return false;
    try {
      await stat(this.pathOf(key));
      return true;
    } catch (error) {
      if (isMissingFile(error)) return false;
      throw error;
    }
  }

  /**
   * The file is first renamed out of place (atomic), so a concurrent `put` either renewed it
   * before (its time is recent: it goes back) or finds it gone and writes it afresh.
   */
  /** The folder is there (it is made on first use) and this process may read and write it. */
  async ping(): Promise<void> {
    await mkdir(this.rootDir, { recursive: true });
    await access(this.rootDir, constants.R_OK | constants.W_OK);
  }

  async collect(key: string, untouchedSince: Date): Promise<'removed' | 'kept' | 'missing'> {
    const finalPath = this.pathOf(key);
    const tempDir = path.join(this.rootDir, TEMP_DIR);
    await mkdir(tempDir, { recursive: true });
    // The key in the name lets `cleanTemporaryFiles` put it back should we crash before the end.
    const condemned = path.join(tempDir, `${key}.${randomUUID()}.collect`);
    try {
      await rename(finalPath, condemned);
    } catch (error) {
      if (isMissingFile(error)) return 'missing';
      throw error;
    }
    const { mtimeMs } = await stat(condemned);
    if (mtimeMs >= untouchedSince.getTime()) {
      // Put again in the meantime: back it goes (over a fresh copy with the same bytes, if any).
      await rename(condemned, finalPath);
      return 'kept';
    }
    await rm(condemned, { force: true });
    return 'removed';
  }

  /**
   * A `.part` counts as touched when last written (its mtime); a `.collect` when it was renamed
   * out (its ctime: its mtime is the document's, which says nothing about the collect).
   */
  async cleanTemporaryFiles(olderThan: Date): Promise<TemporaryFilesCleaned> {
    const tempDir = path.join(this.rootDir, TEMP_DIR);
    const cleaned: TemporaryFilesCleaned = { removed: 0, restored: 0 };
    let names: string[];
    try {
      names = await readdir(tempDir);
    } catch (error) {
      if (isMissingFile(error)) return cleaned;
      throw error;
    }
    for (const name of names) {
      const isPart = PART_FILE.test(name);
      const collected = COLLECT_FILE.exec(name);
      if (!isPart && !collected) continue;
      const filePath = path.join(tempDir, name);
      let touchedMs: number;
      try {
        const { mtimeMs, ctimeMs } = await stat(filePath);
        touchedMs = isPart ? mtimeMs : ctimeMs;
      } catch (error) {
        // Finished (renamed or removed) by its owner since the listing.
        if (isMissingFile(error)) continue;
        throw error;
      }
      if (touchedMs >= olderThan.getTime()) continue;
      if (isPart) {
        await rm(filePath, { force: true });
        cleaned.removed += 1;
        continue;
      }
      const key = collected?.[1] ?? (await this.keyOfFile(filePath));
      if (key === undefined) continue;
      const outcome = await this.putBack(filePath, key);
      if (outcome !== 'gone') cleaned[outcome] += 1;
    }
    return cleaned;
  }

  /**
   * A crash between renaming a document out and removing it (or putting it back) may have
   * taken a document that was put again meanwhile, and is in use. Putting it back is always
   * safe: if nothing refers to it, the next collect of its key removes it. When its place
   * holds a file again, that is the same bytes (and a fresher time, which must stay), so
   * this copy goes: a hard link puts it back only where there is none, never over one.
   */
  private async putBack(condemned: string, key: string): Promise<'removed' | 'restored' | 'gone'> {
    const finalPath = this.pathOf(key);
    const directory = path.dirname(finalPath);
    await mkdir(directory, { recursive: true });
    try {
      await link(condemned, finalPath);
      await syncDirectory(directory);
      await rm(condemned, { force: true });
      return 'restored';
    } catch (error) {
      const code = errorCodeOf(error);
      // Gone since the listing: another instance tidied it up first.
      if (code === 'ENOENT') return 'gone';
      if (code === 'EEXIST') {
        await rm(condemned, { force: true });
        return 'removed';
      }
      if (!code || !NO_HARD_LINKS.has(code)) throw error;
    }
    // No hard links here: check, then rename (a put landing in between loses its fresh time).
    if (await this.exists(key)) {
      await rm(condemned, { force: true });
      return 'removed';
    }
    await rename(condemned, finalPath);
    await syncDirectory(directory);
    return 'restored';
  }

  /** The key of a file by its content, for `.collect` files named before the key was in it. */
  private async keyOfFile(filePath: string): Promise<string | undefined> {
    const hash = createHash('sha256');
    try {
      for await (const chunk of createReadStream(filePath)) hash.update(toBuffer(chunk));
    } catch (error) {
      if (isMissingFile(error)) return undefined;
      throw error;
    }
    return hash.digest('hex');
  }

  /** Keys come from our own database, but are checked anyway so no path can escape the root. */
  private pathOf(key: string): string {
    if (!DOCUMENT_KEY_PATTERN.test(key)) throw new AppError('NOT_FOUND');
    return path.join(this.rootDir, key.slice(0, 2), key.slice(2, 4), key);
  }

  private async openExisting(key: string): Promise<FileHandle> {
    try {
      return await open(this.pathOf(key), 'r');
    } catch (error) {
      if (isMissingFile(error)) throw new AppError('NOT_FOUND');
      throw error;
    }
  }

  /** Streams chunk by chunk, so memory stays flat however large the document is. */
  private async writeTemporaryFile(
    source: Readable | Buffer,
    tempPath: string,
    maxBytes: number,
  ): Promise<{ sha256: string; size: number }> {
    const hash = createHash('sha256');
    let size = 0;
    const file = await open(tempPath, 'wx', 0o600);
    try {
      const chunks: AsyncIterable<unknown> | Iterable<Buffer> = Buffer.isBuffer(source)
        ? [source]
        : source;
      for await (const chunk of chunks) {
        const bytes = toBuffer(chunk);
        size += bytes.length;
        // Leaving the loop destroys the source stream, so a too-large upload stops at once.
        if (size > maxBytes) throw new AppError('PAYLOAD_TOO_LARGE');
        hash.update(bytes);
        await writeFully(file, bytes);
      }
      await file.sync();
    } finally {
      await file.close();
    }
    return { sha256: hash.digest('hex'), size };
  }

  private async moveIntoPlace(tempPath: string, key: string): Promise<void> {
    const finalPath = this.pathOf(key);
    const directory = path.dirname(finalPath);
    if (await this.renew(finalPath)) {
      await rm(tempPath, { force: true });
      return;
    }
    const firstCreated = await mkdir(directory, { recursive: true });
    const now = this.clock.now();
    await utimes(tempPath, now, now);
    // Two puts of the same bytes may race to here; both renames hold identical content, so
    // whichever lands last is as good as the first.
    await rename(tempPath, finalPath);
    await syncDirectory(directory);
    if (firstCreated !== undefined) {
      // New fan-out directories must be durable too, or the file's directory entry could vanish.
      await syncDirectory(path.dirname(directory));
      await syncDirectory(this.rootDir);
    }
  }

  /** Marks an existing file as just put (see `collect`); false when there is none. */
  private async renew(finalPath: string): Promise<boolean> {
    const now = this.clock.now();
    try {
      await utimes(finalPath, now, now);
      return true;
    } catch (error) {
      if (isMissingFile(error)) return false;
      throw error;
    }
  }
}
