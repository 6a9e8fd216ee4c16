import { randomUUID } from 'node:crypto';
import {
  copyFile,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, testEngines, type TestApp } from '../test/helper.ts';
import { FileSystemDocumentStore } from './storage.ts';
import { scheduleTempCleanup, TEMP_CLEANUP_JOB } from './storage-maintenance.ts';

const HOUR_MS = 3600 * 1000;

function pathOf(rootDir: string, key: string): string {
  return path.join(rootDir, key.slice(0, 2), key.slice(2, 4), key);
}

async function tempFiles(rootDir: string): Promise<string[]> {
  return (await readdir(path.join(rootDir, 'tmp'))).toSorted();
}

describe('FileSystemDocumentStore.cleanTemporaryFiles', () => {
  let rootDir: string;
  let store: FileSystemDocumentStore;

  beforeEach(async () => {
    rootDir = await mkdtemp(path.join(tmpdir(), 'kuvert-storage-'));
    store = new FileSystemDocumentStore(rootDir);
    await mkdir(path.join(rootDir, 'tmp'));
  });
  afterEach(async () => {
    await rm(rootDir, { recursive: true, force: true });
  });

  /** A document renamed out of place as `collect` does, then left there by a "crash". */
  async function strandedCollect(content: string, name?: (key: string) => string) {
    const stored = await store.put(Buffer.from(content), { maxBytes: 1000 });
    const condemned = path.join(
      rootDir,
      'tmp',
      name ? name(stored.key) : `${stored.key}.${randomUUID()}.collect`,
    );
    await rename(pathOf(rootDir, stored.key), condemned);
    return { key: stored.key, condemned };
  }

  it('answers nothing to do when there is no temporary directory yet', async () => {
    await rm(path.join(rootDir, 'tmp'), { recursive: true });
    expect(await store.cleanTemporaryFiles(new Date())).toEqual({ removed: 0, restored: 0 });
  });

  it('removes a half-written upload untouched for the grace period, and keeps a fresh one', async () => {
    const old = `${randomUUID()}.part`;
    const fresh = `${randomUUID()}.part`;
    await writeFile(path.join(rootDir, 'tmp', old), 'half an upl');
    await writeFile(path.join(rootDir, 'tmp', fresh), 'an upload in progr');
    const twoHoursAgo = new Date(Date.now() - 2 * HOUR_MS);
    await utimes(path.join(rootDir, 'tmp', old), twoHoursAgo, twoHoursAgo);

    const cleaned = await store.cleanTemporaryFiles(new Date(Date.now() - HOUR_MS));

    expect(cleaned).toEqual({ removed: 1, restored: 0 });
    expect(await tempFiles(rootDir)).toEqual([fresh]);
  });

  it('puts a stranded collect back where its document is missing', async () => {
    const { key } = await strandedCollect('%PDF-1.7 still in use');
    expect(await store.exists(key)).toBe(false);

    // The rename out is what counts, and it just happened: a later cut-off sees it as old.
    expect(await store.cleanTemporaryFiles(new Date(Date.now() - HOUR_MS))).toEqual({
      removed: 0,
      restored: 0,
    });
    const cleaned = await store.cleanTemporaryFiles(new Date(Date.now() + 60_000));

    expect(cleaned).toEqual({ removed: 0, restored: 1 });
    expect((await store.read(key)).toString()).toBe('%PDF-1.7 still in use');
    expect(await tempFiles(rootDir)).toEqual([]);
  });

  it('removes a stranded collect whose document was put again', async () => {
    const { key, condemned } = await strandedCollect('%PDF-1.7 put again');
    await store.put(Buffer.from('%PDF-1.7 put again'), { maxBytes: 1000 });
    const before = await readFile(pathOf(rootDir, key));

    const cleaned = await store.cleanTemporaryFiles(new Date(Date.now() + 60_000));

    expect(cleaned).toEqual({ removed: 1, restored: 0 });
    expect(await readFile(pathOf(rootDir, key))).toEqual(before);
    expect(await tempFiles(rootDir)).not.toContain(path.basename(condemned));
  });

  it('puts back a collect named the old way, by the hash of its content', async () => {
    const { key } = await strandedCollect('%PDF-1.7 older name', () => `${randomUUID()}.collect`);

    const cleaned = await store.cleanTemporaryFiles(new Date(Date.now() + 60_000));

    expect(cleaned).toEqual({ removed: 0, restored: 1 });
    expect(await store.exists(key)).toBe(true);
  });

  it('leaves files it does not know alone', async () => {
    await writeFile(path.join(rootDir, 'tmp', 'notes.txt'), 'mine');
    const cleaned = await store.cleanTemporaryFiles(new Date(Date.now() + 60_000));
    expect(cleaned).toEqual({ removed: 0, restored: 0 });
    expect(await tempFiles(rootDir)).toEqual(['notes.txt']);
  });
});

describe.each(testEngines)('the temporary files job (%s)', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());

  it('cleans the store and schedules its next run at the next full hour', async () => {
    const rootDir = path.join(t.config.dataDir, 'documents');
    const stored = await t.app.documents.put(Buffer.from('%PDF-1.7 a letter'), { maxBytes: 1000 });
    const tempDir = path.join(rootDir, 'tmp');
    await writeFile(path.join(tempDir, `${randomUUID()}.part`), 'cut off by a crash');
    const condemned = path.join(tempDir, `${stored.key}.${randomUUID()}.collect`);
    await copyFile(pathOf(rootDir, stored.key), condemned);
    await rm(pathOf(rootDir, stored.key));

    // Nothing is older than the grace period yet.
    await scheduleTempCleanup(t.app);
    expect(await t.app.jobs.runDueJobs()).toBe(1);
    expect(await tempFiles(rootDir)).toHaveLength(2);

    t.clock.advanceSeconds(2 * 3600);
    expect(await t.app.jobs.runDueJobs()).toBe(1);
    expect(await tempFiles(rootDir)).toEqual([]);
    expect(await t.app.documents.exists(stored.key)).toBe(true);

    const pending = await t.app.db
      .selectFrom('jobs')
      .select(['run_at'])
      .where('type', '=', TEMP_CLEANUP_JOB)
      .where('status', '=', 'pending')
      .execute();
    // Once for the whole cluster in each hour: the next run is due at the next full hour.
    const nextHour = Math.floor(t.clock.now().getTime() / 3_600_000 + 1) * 3_600_000;
    expect(pending.map((job) => new Date(job.run_at).getTime())).toEqual([nextHour]);
  });
});
