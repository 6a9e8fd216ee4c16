import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, open, rm, type FileHandle } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable, Transform } from 'node:stream';
import { ZipFile } from 'yazl';
import type { DocumentStore, StoredDocument } from '../../plugins/storage.ts';

/**
 * The largest part: below 4 GB, so no part needs ZIP64, which macOS Archive Utility cannot
 * open. The margin leaves room for the headers the estimate rounds up.
 */
export const DEFAULT_PART_LIMIT_BYTES = 4_000_000_000;
/** ZIP without ZIP64 counts entries in 16 bits. */
export const MAX_ENTRIES_PER_PART = 65_000;
export const MANIFEST_FORMAT_VERSION = 1;
export const MANIFEST_PATH = 'manifest.json';

/** Per entry: local header (30), data descriptor (16), central record (46), extra fields. */
const ENTRY_OVERHEAD_BYTES = 160;
/** End of central directory (22) and slack. */
const PART_OVERHEAD_BYTES = 1024;

export interface FinishedPart {
  number: number;
  stored: StoredDocument;
}

export interface ExportZipOptions {
  documents: DocumentStore;
  partLimitBytes?: number;
  maxEntriesPerPart?: number;
  /** Called when a part is in the store, before the next one starts. */
  onPart: (part: FinishedPart) => Promise<void>;
  /** Called after every file. */
  onFile?: (file: { path: string; size: number }) => Promise<void> | void;
}

/** The most a deflated entry can take: stored blocks cost 5 bytes per 16 KB. */
function compressedUpperBound(size: number): number {
  return size + Math.ceil(size / 16_000) * 5 + 64;
}

/** A ZIP path made of safe segments: no `..`, no absolute path, no control characters. */
export function safeZipPath(raw: string): string {
  const segments = raw
    .split(/[/\\]+/)
    // oxlint-disable-next-line no-control-regex -- control characters are what is replaced
    .map((segment) => segment.replace(/[\u0000-\u001f\u007f:*?"<>|]/g, '_').trim())
    .map((segment) => (segment === '.' || segment === '..' ? '_' : segment))
    .map((segment) => (segment.length > 120 ? segment.slice(0, 120).trim() : segment))
    .filter((segment) => segment.length > 0);
  return segments.length === 0 ? '_' : segments.join('/');
}

/** Counts and hashes the bytes that go through, for the manifest. */
function hashingStream(): { stream: Transform; digest: () => { sha256: string; size: number } } {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  return { stream, digest: () => ({ sha256: hash.digest('hex'), size }) };
}

interface EntrySource {
  open?: () => Promise<Readable>;
  into?: Transform;
}

/**
 * The function yazl calls to read an entry. Made out here so that it closes over the holder
 * alone, not over the scope that adds the entry (V8 keeps a scope whole for its closures).
 */
function lazySource(
  holder: EntrySource,
): (callback: (error: unknown, stream: NodeJS.ReadableStream) => void) => void {
  return (callback) => {
    const { open: openSource, into } = holder;
    if (!openSource || !into) {
      callback(new Error('The entry was abandoned'), Readable.from([]));
      return;
    }
    openSource().then(
      (source) => {
        source.on('error', (error) => into.destroy(error));
        callback(null, source.pipe(into));
      },
      (error: unknown) => {
        into.destroy(error instanceof Error ? error : new Error(String(error)));
        callback(error, Readable.from([]));
      },
    );
  };
}

interface OpenPart {
  number: number;
  zip: ZipFile;
  output: PassThrough;
  put: Promise<StoredDocument>;
  /** Why the store refused the part, once it has (the writer then stops). */
  failure: { error?: unknown; listeners: Set<(error: unknown) => void> };
  estimatedBytes: number;
  entries: number;
}

/**
 * Streams entries into ZIP parts in the document store, one entry at a time, so memory stays
 * flat: an entry is opened when the archive reaches it and the next is added only once it has
 * gone through. When the next entry would take a part past the limit, the part is finished
 * (a complete ZIP) and the next begins. Each file's path, part, size and SHA-256 are spooled to
 * a temporary file and become `manifest.json`, the last entry of the last part.
 */
export class ExportZipWriter {
  readonly #options: ExportZipOptions;
  readonly #limit: number;
  readonly #maxEntries: number;
  readonly #paths = new Set<string>();
  #part: OpenPart | undefined;
  #partCount = 0;
  #spoolDir: string | undefined;
  #spool: FileHandle | undefined;
  #spoolBytes = 0;
  #files = 0;

  constructor(options: ExportZipOptions) {
    this.#options = options;
    this.#limit = options.partLimitBytes ?? DEFAULT_PART_LIMIT_BYTES;
    this.#maxEntries = options.maxEntriesPerPart ?? MAX_ENTRIES_PER_PART;
  }

  /** A path not used yet in this export (a second `a.pdf` becomes `a (2).pdf`). */
  #uniquePath(raw: string): string {
    const safe = safeZipPath(raw);
    if (!this.#paths.has(safe) && safe !== MANIFEST_PATH) {
      this.#paths.add(safe);
      return safe;
    }
    const dot = safe.lastIndexOf('.');
    const hasExtension = dot > safe.lastIndexOf('/') + 1;
    const base = hasExtension ? safe.slice(0, dot) : safe;
    const extension = hasExtension ? safe.slice(dot) : '';
    for (let n = 2; ; n += 1) {
      const candidate = `${base} (${n})${extension}`;
      if (!this.#paths.has(candidate)) {
        this.#paths.add(candidate);
        return candidate;
      }
    }
  }

  #startPart(): OpenPart {
    this.#partCount += 1;
    const zip = new ZipFile();
    const output = new PassThrough();
    zip.outputStream.pipe(output);
    zip.on('error', (error: unknown) =>
      output.destroy(error instanceof Error ? error : new Error(String(error))),
    );
    // The store takes the part as it is written, with room for the estimate's rounding.
    const put = this.#options.documents.put(output, { maxBytes: this.#limit + 64 * 1024 * 1024 });
    const failure: OpenPart['failure'] = { listeners: new Set() };
    put.catch((error: unknown) => {
      failure.error = error ?? new Error('The part could not be stored');
      for (const listener of failure.listeners) listener(failure.error);
    });
    return { number: this.#partCount, zip, output, put, failure, estimatedBytes: 0, entries: 0 };
  }

  /**
   * `done`, or the store's refusal of the part. (Not a race with a promise that never settles:
   * each race would stay in that promise's reactions until the part ends.)
   */
  async #untilDone(part: OpenPart, done: Promise<void>): Promise<void> {
    if (part.failure.error !== undefined) throw part.failure.error;
    let listener: ((error: unknown) => void) | undefined;
    try {
      await new Promise<void>((resolve, reject) => {
        listener = reject;
        part.failure.listeners.add(reject);
        done.then(resolve, reject);
      });
    } finally {
      if (listener) part.failure.listeners.delete(listener);
    }
  }

  async #finishPart(part: OpenPart): Promise<void> {
    part.zip.end();
    const stored = await part.put;
    await this.#options.onPart({ number: part.number, stored });
  }

  /** The open part with room for an entry of `estimate` bytes, starting a new one if needed. */
  async #partFor(estimate: number): Promise<OpenPart> {
    const current = this.#part;
    if (current) {
      const fits =
        current.entries === 0 ||
        (current.estimatedBytes + estimate + PART_OVERHEAD_BYTES <= this.#limit &&
          current.entries + 1 <= this.#maxEntries);
      if (fits) return current;
      this.#part = undefined;
      await this.#finishPart(current);
    }
    this.#part = this.#startPart();
    return this.#part;
  }

  async #spoolLine(line: string): Promise<void> {
    if (!this.#spool) {
      this.#spoolDir = await mkdtemp(path.join(os.tmpdir(), 'kuvert-export-'));
      this.#spool = await open(path.join(this.#spoolDir, 'files.jsonl'), 'w');
    }
    const text = `${this.#spoolBytes === 0 ? '' : ',\n'}    ${line}`;
    const bytes = Buffer.from(text);
    await this.#spool.write(bytes);
    this.#spoolBytes += bytes.length;
  }

  /** Adds one entry; resolves once the archive has taken all of its bytes. */
  async #add(
    rawPath: string,
    size: number,
    compress: boolean,
    openSource: () => Promise<Readable>,
  ): Promise<void> {
    const entryPath = this.#uniquePath(rawPath);
    const nameBytes = Buffer.byteLength(entryPath);
    const estimate =
      (compress ? compressedUpperBound(size) : size) + ENTRY_OVERHEAD_BYTES + 2 * nameBytes;
    const part = await this.#partFor(estimate);
    part.entries += 1;
    part.estimatedBytes += estimate;
    const hashing = hashingStream();
    const done = new Promise<void>((resolve, reject) => {
      hashing.stream.on('end', resolve);
      hashing.stream.on('error', reject);
    });
    // yazl keeps each entry's function until the part ends: it reaches the source and the
    // streams through this holder only, emptied once the entry is written, so what they
    // buffered (a deflate stream's output chunk) goes at once, not with the part.
    const holder: EntrySource = {
      open: openSource,
      into: hashing.stream,
    };
    part.zip.addReadStreamLazy(entryPath, { size, compress }, lazySource(holder));
    try {
      await this.#untilDone(part, done);
    } finally {
      holder.open = undefined;
      holder.into = undefined;
    }
    const { sha256 } = hashing.digest();
    await this.#spoolLine(JSON.stringify({ path: entryPath, part: part.number, size, sha256 }));
    this.#files += 1;
    await this.#options.onFile?.({ path: entryPath, size });
  }

  /**
   * A file made in memory (JSON, CSV, text), stored as it is: yazl keeps each deflated entry's
   * stream (about 20 KB) until the part ends, which for 10⁴ letters is hundreds of megabytes.
   * Documents (PDFs, images) are compressed already; only the manifest is deflated.
   */
  async addBuffer(rawPath: string, content: Buffer): Promise<void> {
    await this.#add(rawPath, content.length, false, async () => Readable.from([content]));
  }

  async addDocument(
    rawPath: string,
    size: number,
    compress: boolean,
    openSource: () => Promise<Readable>,
  ): Promise<void> {
    await this.#add(rawPath, size, compress, openSource);
  }

  get fileCount(): number {
    return this.#files;
  }

  /**
   * Writes `manifest.json` (in the last part: a part of its own when it does not fit) and
   * finishes the last part. `counts` are the objects of each kind.
   */
  async finish(header: {
    generatedAt: string;
    counts: Record<string, number>;
    extra?: Record<string, unknown>;
  }): Promise<number> {
    await this.#spool?.close();
    this.#spool = undefined;
    try {
      const prefixWithoutParts = (parts: number) =>
        `{\n  "format": "kuvert-export",\n  "formatVersion": ${MANIFEST_FORMAT_VERSION},\n` +
        `  "generatedAt": ${JSON.stringify(header.generatedAt)},\n` +
        `  "parts": ${parts},\n` +
        `  "partLimitBytes": ${this.#limit},\n` +
        Object.entries(header.extra ?? {})
          .map(([key, value]) => `  ${JSON.stringify(key)}: ${JSON.stringify(value)},\n`)
          .join('') +
        `  "counts": ${JSON.stringify(header.counts)},\n` +
        `  "fileCount": ${this.#files},\n  "files": [\n`;
      const suffix = '\n  ]\n}\n';
      const manifestSize = (parts: number) =>
        Buffer.byteLength(prefixWithoutParts(parts)) + this.#spoolBytes + Buffer.byteLength(suffix);
      // Does the manifest fit into the open part, or does it start one of its own?
      const current = this.#part;
      const estimate = compressedUpperBound(manifestSize(99_999)) + ENTRY_OVERHEAD_BYTES + 64;
      const fits =
        current !== undefined &&
        current.estimatedBytes + estimate + PART_OVERHEAD_BYTES <= this.#limit &&
        current.entries + 1 <= this.#maxEntries;
      const total = fits ? this.#partCount : this.#partCount + 1;
      const prefix = prefixWithoutParts(total);
      const spoolPath = this.#spoolDir ? path.join(this.#spoolDir, 'files.jsonl') : undefined;
      const openManifest = async (): Promise<Readable> => {
        const output = new PassThrough();
        void (async () => {
          output.write(prefix);
          if (spoolPath) {
            for await (const chunk of createReadStream(spoolPath)) {
              if (!output.write(chunk))
                await new Promise((resolve) => output.once('drain', resolve));
            }
          }
          output.end(suffix);
        })().catch((error: unknown) =>
          output.destroy(error instanceof Error ? error : new Error(String(error))),
        );
        return output;
      };
      const size = manifestSize(total);
      if (!fits && current) {
        this.#part = undefined;
        await this.#finishPart(current);
      }
      if (!this.#part) this.#part = this.#startPart();
      const part = this.#part;
      part.entries += 1;
      const done = new Promise<void>((resolve, reject) => {
        part.zip.addReadStreamLazy(MANIFEST_PATH, { size, compress: true }, (callback) => {
          openManifest().then((stream) => {
            stream.on('end', resolve);
            stream.on('error', reject);
            callback(null, stream);
          }, reject);
        });
      });
      await this.#untilDone(part, done);
      this.#part = undefined;
      await this.#finishPart(part);
      return this.#partCount;
    } finally {
      await this.dispose();
    }
  }

  /** Removes the spooled file list; the parts already stored are the caller's to collect. */
  async dispose(): Promise<void> {
    // A part left open (the export failed) is cut off, so the store drops its temporary file.
    this.#part?.output.destroy(new Error('The export stopped'));
    this.#part = undefined;
    await this.#spool?.close().catch(() => {});
    this.#spool = undefined;
    if (this.#spoolDir) await rm(this.#spoolDir, { recursive: true, force: true });
    this.#spoolDir = undefined;
  }
}
