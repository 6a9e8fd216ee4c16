import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../test/helper.ts';
import { AppError } from './app-error.ts';
import { FileSystemDocumentStore } from './storage.ts';

const MB = 1024 * 1024;

/** Files under the root, temp files included, as paths relative to it. */
async function listFiles(rootDir: string): Promise<string[]> {
  const entries = await readdir(rootDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(rootDir, path.join(entry.parentPath, entry.name)));
}

/** `totalBytes` of varying content, produced chunk by chunk, never held in memory at once. */
function generatedStream(totalBytes: number, chunkBytes = 64 * 1024): Readable {
  let produced = 0;
  const chunk = Buffer.alloc(chunkBytes);
  return new Readable({
    read() {
      if (produced >= totalBytes) {
        this.push(null);
        return;
      }
      const size = Math.min(chunkBytes, totalBytes - produced);
      chunk.writeUInt32BE(produced / chunkBytes, 0);
      this.push(Buffer.from(chunk.subarray(0, size)));
      produced += size;
    },
  });
}

describe('FileSystemDocumentStore', () => {
  let rootDir: string;
  let store: FileSystemDocumentStore;

  beforeEach(async () => {
    rootDir = await mkdtemp(path.join(tmpdir(), 'kuvert-storage-'));
    store = new FileSystemDocumentStore(rootDir);
  });

  afterEach(async () => {
    await rm(rootDir, { recursive: true, force: true });
  });

  it('gives back exactly what was stored, under its SHA-256', async () => {
    const content = Buffer.from('%PDF-1.7 a letter about your tax return');
    const sha256 = createHash('sha256').update(content).digest('hex');

    const stored = await store.put(Readable.from([content.subarray(0, 5), content.subarray(5)]), {
      maxBytes: 1000,
    });

    expect(stored).toEqual({ key: sha256, sha256, size: content.length });
    expect(await listFiles(rootDir)).toEqual([
      path.join(sha256.slice(0, 2), sha256.slice(2, 4), sha256),
    ]);
    expect(await store.read(stored.key)).toEqual(content);
    expect(await text(await store.open(stored.key))).toBe(content.toString());
    expect(await text(await store.open(stored.key, { start: 5, end: 7 }))).toBe('1.7');
    expect(await store.exists(stored.key)).toBe(true);
  });

  it('keeps an identical document once', async () => {
    const first = await store.put(Buffer.from('same bytes'), { maxBytes: 100 });
    const second = await store.put(Readable.from([Buffer.from('same '), Buffer.from('bytes')]), {
      maxBytes: 100,
    });

    expect(second.key).toBe(first.key);
    expect(await listFiles(rootDir)).toHaveLength(1);
  });

  it('stores concurrent puts of the same content once, leaving no temp files', async () => {
    const content = Buffer.alloc(256 * 1024, 7);
    const results = await Promise.all(
      Array.from({ length: 12 }, () => store.put(Readable.from([content]), { maxBytes: MB })),
    );

    expect(new Set(results.map((result) => result.key)).size).toBe(1);
    expect(await listFiles(rootDir)).toHaveLength(1);
    expect(await store.read(results[0]?.key ?? '')).toEqual(content);
  });

  it('refuses a document over the limit and leaves no temp file behind', async () => {
    const attempt = store.put(generatedStream(3 * MB), { maxBytes: MB });

    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(await listFiles(rootDir)).toEqual([]);
  });

  it('answers NOT_FOUND for a missing or malformed key, and collects idempotently', async () => {
    const stored = await store.put(Buffer.from('to be removed'), { maxBytes: 100 });
    const later = new Date(Date.now() + 60_000);
    expect(await store.collect(stored.key, later)).toBe('removed');
    expect(await store.collect(stored.key, later)).toBe('missing');

    expect(await store.exists(stored.key)).toBe(false);
    expect(await store.exists('../../etc/passwd')).toBe(false);
    await expect(store.read(stored.key)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(store.open('../../etc/passwd')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('keeps a file put again since the cut-off, and removes it once it is older', async () => {
    const clock = new FakeClock(Date.parse('2026-01-01T12:00:00Z'));
    const timed = new FileSystemDocumentStore(rootDir, clock);
    const stored = await timed.put(Buffer.from('shared bytes'), { maxBytes: 100 });
    clock.advanceSeconds(3600);
    // Another delivery of the same bytes: its row is not written yet.
    await timed.put(Buffer.from('shared bytes'), { maxBytes: 100 });
    const cutOff = new Date(clock.now().getTime() - 600_000);

    expect(await timed.collect(stored.key, cutOff)).toBe('kept');
    expect(await timed.read(stored.key)).toEqual(Buffer.from('shared bytes'));

    clock.advanceSeconds(3600);
    expect(await timed.collect(stored.key, new Date(clock.now().getTime() - 600_000))).toBe(
      'removed',
    );
    expect(await listFiles(rootDir)).toEqual([]);
  });

  it('streams a 200 MB document with flat memory', async () => {
    const total = 200 * MB;
    // The first large write grows the process by a fixed amount (allocator arenas, stream and
    // hash machinery); warming up first makes the measurement show growth with size alone.
    await store.put(generatedStream(32 * MB), { maxBytes: total });
    const before = process.memoryUsage();
    let peakRss = before.rss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 20);

    const stored = await store.put(generatedStream(total), { maxBytes: 1024 * MB });

    clearInterval(sampler);
    const after = process.memoryUsage();
    peakRss = Math.max(peakRss, after.rss);
    expect(stored.size).toBe(total);
    expect(peakRss - before.rss).toBeLessThan(50 * MB);
    expect(after.heapUsed - before.heapUsed).toBeLessThan(50 * MB);
  }, 60_000);
});
