import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { documentsDirOf, FileSystemDocumentStore } from '../plugins/storage.ts';
import { referencedKeysAfter } from '../plugins/storage/document-migration.ts';
import { createLoggedInUser, type CreatedUser, type LoggedIn } from '../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../test/helper.ts';
import {
  createTestProvider,
  deliverTestLetter,
  personalAccountOf,
  samplePdf,
  storedDocumentKeys,
} from '../test/mailbox.ts';
import { startS3Server, type S3TestServer } from '../test/s3-server.ts';
import { runCli, type CliIo } from './run-cli.ts';

const objectKeyOf = (key: string) => `documents/${key.slice(0, 2)}/${key.slice(2, 4)}/${key}`;

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => s3.close());

describe.each(testEngines)('kuvert storage migrate (%s)', (engine) => {
  let t: TestApp;
  let bucket: string;
  let me: CreatedUser & LoggedIn;
  let apiKey: string;
  let out: string[];
  let errors: string[];
  const io: CliIo = { out: (text) => out.push(text), error: (text) => errors.push(text) };
  const migrate = (...options: string[]) =>
    runCli(['storage', 'migrate', ...options], io, async () => ({
      app: t.app,
      close: async () => {},
    }));
  const documentKeysInBucket = async () =>
    (await s3.keys(bucket, 'documents/')).map((key) => path.basename(key)).toSorted();
  const documentKeysOnDisk = () => storedDocumentKeys(t.config.dataDir).toSorted();

  beforeEach(async () => {
    bucket = await s3.createBucket();
    t = await createTestApp(engine, s3.env(bucket));
    me = await createLoggedInUser(t.app);
    apiKey = (await createTestProvider(t.app)).apiKey;
    out = [];
    errors = [];
  });
  afterEach(async () => t.close());

  /** An upload as the uploads module stores it, with a thumbnail. */
  async function storeUpload(content: Buffer, thumbnail?: Buffer): Promise<string[]> {
    const stored = await t.app.documents.put(content, { maxBytes: 10_000_000 });
    const thumb = thumbnail && (await t.app.documents.put(thumbnail, { maxBytes: 10_000_000 }));
    const now = t.clock.now().toISOString();
    await t.app.db
      .insertInto('uploads')
      .values({
        id: randomUUID(),
        account_id: personalAccountOf(me),
        created_by_user_id: null,
        name: 'upload.csv',
        status: 'stored',
        content_type: 'text/csv',
        size: content.length,
        storage_key: stored.key,
        sha256: stored.sha256,
        text_failure: null,
        text_source: null,
        text: null,
        page_count: null,
        thumbnail_key: thumb ? thumb.key : null,
        thumbnail_type: thumb ? 'image/png' : null,
        encoding: null,
        delimiter: null,
        created_at: now,
        updated_at: now,
        stored_at: now,
        trashed_at: null,
      })
      .execute();
    return thumb ? [stored.key, thumb.key] : [stored.key];
  }

  async function deliver(words: string): Promise<{ id: string; pdf: Buffer }> {
    const pdf = await samplePdf(words);
    const id = await deliverTestLetter(
      t.app,
      apiKey,
      me.email,
      {},
      {
        documents: [{ filename: 'letter.pdf', content: pdf }],
      },
    );
    return { id, pdf };
  }

  it('moves every referenced document to the file system and back, checked and resumable', async () => {
    const first = await deliver('first letter');
    await deliver('second letter');
    // The same PDF again: one document for two letters.
    await deliverTestLetter(
      t.app,
      apiKey,
      me.email,
      {},
      {
        documents: [{ filename: 'again.pdf', content: first.pdf }],
      },
    );
    await storeUpload(Buffer.from('Name;Betrag\nMax;12,50\n'), Buffer.from('thumbnail png'));
    const logo = await t.app.documents.put(Buffer.from('<svg/>'), { maxBytes: 1000 });
    await t.app.db.updateTable('providers').set({ logo_key: logo.key }).execute();
    // Nothing refers to this one: it stays behind.
    const stray = await t.app.documents.put(Buffer.from('stray'), { maxBytes: 1000 });
    const referenced = (await documentKeysInBucket()).filter((key) => key !== stray.key);
    expect(referenced).toHaveLength(5);
    // Paged through two at a time (the shared PDF counts once), in order.
    const paged: string[] = [];
    for (let page = ['']; page.length > 0; paged.push(...page)) {
      page = await referencedKeysAfter(t.app.db, paged.at(-1) ?? '', 2);
    }
    expect(paged).toEqual(referenced);

    expect(await migrate('--from', 's3', '--to', 'filesystem')).toBe(0);
    expect(out).toEqual([
      'Copying the documents rows refer to from s3 to filesystem.',
      'Done, 5/5: 5 copied, 0 already there, 0 missing, 0 corrupt.',
    ]);
    expect(errors).toEqual([]);
    expect(documentKeysOnDisk()).toEqual(referenced);
    const onDisk = new FileSystemDocumentStore(documentsDirOf(t.config.dataDir));
    for (const key of referenced) {
      expect((await onDisk.read(key)).equals(await t.app.documents.read(key))).toBe(true);
    }

    out = [];
    expect(await migrate('--from', 's3', '--to', 'filesystem')).toBe(0);
    expect(out.at(-1)).toBe('Done, 5/5: 0 copied, 5 already there, 0 missing, 0 corrupt.');

    // Back to a bucket that an interrupted run had begun to fill.
    const [kept] = referenced;
    await s3.emptyBucket(bucket);
    await t.app.documents.put(await onDisk.read(kept ?? ''), { maxBytes: 10_000_000 });
    out = [];
    expect(await migrate('--from', 'filesystem', '--to', 's3')).toBe(0);
    expect(out.at(-1)).toBe('Done, 5/5: 4 copied, 1 already there, 0 missing, 0 corrupt.');
    expect(await documentKeysInBucket()).toEqual(referenced);

    // The portal serves the letter from the bucket again, byte for byte.
    const detail = await t.app.inject({
      url: `/api/letters/${first.id}`,
      headers: { cookie: me.cookie },
    });
    const download = await t.app.inject({
      url: `/api/letters/${first.id}/documents/${detail.json().documents[0].id}/content`,
      headers: { cookie: me.cookie },
    });
    expect(download.rawPayload.equals(first.pdf)).toBe(true);
  });

  it('names documents missing from the source or not matching their key, copies the rest, exits 1', async () => {
    await deliver('lost letter');
    const [goneKey] = await documentKeysInBucket();
    await s3.emptyBucket(bucket);
    const [uploadKey] = await storeUpload(Buffer.from('Name;Betrag\n'));
    const [damagedKey] = await storeUpload(Buffer.from('Name;Betrag\nMax;1\n'));
    // Bytes changed behind the store's back (a disk error, a hand edit).
    await s3.client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: objectKeyOf(damagedKey ?? ''),
        Body: Buffer.from('Name;Betrag\nMax;9\n'),
      }),
    );

    expect(await migrate('--from', 's3', '--to', 'filesystem')).toBe(1);
    expect(errors.toSorted()).toEqual(
      [
        `Missing in s3: ${goneKey}`,
        `Not copied, its bytes in s3 do not match their SHA-256: ${damagedKey}`,
      ].toSorted(),
    );
    expect(out.at(-1)).toBe('Done, 3/3: 1 copied, 0 already there, 1 missing, 1 corrupt.');
    expect(documentKeysOnDisk()).toContain(uploadKey);
    expect(documentKeysOnDisk()).not.toContain(damagedKey);
  });

  it('prints its progress every hundred documents', async () => {
    await Promise.all(
      Array.from({ length: 120 }, (_, index) => storeUpload(Buffer.from(`row ${index}`))),
    );

    expect(await migrate('--from', 's3', '--to', 'filesystem')).toBe(0);
    expect(out).toEqual([
      'Copying the documents rows refer to from s3 to filesystem.',
      '  100/120: 100 copied, 0 already there, 0 missing, 0 corrupt',
      'Done, 120/120: 120 copied, 0 already there, 0 missing, 0 corrupt.',
    ]);
  });

  it('exits 2 on options it cannot follow', async () => {
    expect(await migrate('--from', 's3', '--to', 's3')).toBe(2);
    expect(await migrate('--from', 'disk', '--to', 's3')).toBe(2);
    expect(await migrate('--to', 's3')).toBe(2);
    expect(await migrate('--from', 's3', '--to', 'filesystem', 'extra')).toBe(2);
    expect(errors.join('\n')).toContain('--from and --to must differ');
    expect(errors.join('\n')).toContain('--from must be filesystem or s3');
    expect(errors.join('\n')).toContain('kuvert storage migrate --from filesystem|s3');
    expect(storedDocumentKeys(t.config.dataDir)).toEqual([]);
  });
});

describe('kuvert storage migrate without S3 settings', () => {
  it('says which settings are missing and exits 2', async () => {
    const t = await createTestApp('sqlite');
    const errors: string[] = [];
    try {
      const code = await runCli(
        ['storage', 'migrate', '--from', 'filesystem', '--to', 's3'],
        { out: () => {}, error: (text) => errors.push(text) },
        async () => ({ app: t.app, close: async () => {} }),
      );
      expect(code).toBe(2);
      expect(errors[0]).toContain(
        'S3 is not configured: set S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
      );
    } finally {
      await t.close();
    }
  });
});
