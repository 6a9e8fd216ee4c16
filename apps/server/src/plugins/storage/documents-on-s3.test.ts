import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config/env.ts';
import { connectDatabase } from '../../db/connect.ts';
import { COLLECT_GRACE_SECONDS } from '../../documents/document-collection.ts';
import { createLoggedInUser, type CreatedUser, type LoggedIn } from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import {
  createTestProvider,
  deliverTestLetter,
  personalAccountOf,
  samplePdf,
  storedDocumentKeys,
} from '../../test/mailbox.ts';
import { startS3Server, type S3TestServer } from '../../test/s3-server.ts';
import { S3DocumentStore } from '../storage.ts';

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => s3.close());

describe.each(testEngines)('documents on S3 (%s)', (engine) => {
  let t: TestApp;
  let bucket: string;
  let me: CreatedUser & LoggedIn;

  beforeEach(async () => {
    bucket = await s3.createBucket();
    t = await createTestApp(engine, s3.env(bucket));
    me = await createLoggedInUser(t.app);
  });
  afterEach(async () => t.close());

  it('keeps a letter delivered through the Sender API in the bucket; the portal reads and serves it', async () => {
    expect(t.app.documents).toBeInstanceOf(S3DocumentStore);
    const { apiKey } = await createTestProvider(t.app, { name: 'Stadtwerke Objektspeicher' });
    const pdf = await samplePdf('Your Kilowattstunden for the year');
    const key = createHash('sha256').update(pdf).digest('hex');

    const id = await deliverTestLetter(
      t.app,
      apiKey,
      me.email,
      {},
      { documents: [{ filename: 'Abrechnung.pdf', content: pdf }] },
    );

    expect(await s3.keys(bucket)).toEqual([
      `documents/${key.slice(0, 2)}/${key.slice(2, 4)}/${key}`,
    ]);
    expect(storedDocumentKeys(t.config.dataDir)).toEqual([]);

    // Its text is read from the bucket, and found by search.
    await t.app.jobs.runDueJobs();
    const detail = await t.app.inject({
      url: `/api/letters/${id}`,
      headers: { cookie: me.cookie },
    });
    expect(detail.json().documents).toEqual([
      expect.objectContaining({ filename: 'Abrechnung.pdf', text_status: 'extracted' }),
    ]);
    const search = await t.app.inject({
      url: `/api/search?account_id=${personalAccountOf(me)}&q=kilowattstunden`,
      headers: { cookie: me.cookie },
    });
    expect(search.json().hits).toEqual([
      expect.objectContaining({ letter: expect.objectContaining({ id }), matched_in: 'document' }),
    ]);

    // Downloaded, whole and by range, it is the same bytes.
    const documentUrl = `/api/letters/${id}/documents/${detail.json().documents[0].id}/content`;
    const download = await t.app.inject({ url: documentUrl, headers: { cookie: me.cookie } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-length']).toBe(String(pdf.length));
    expect(download.rawPayload.equals(pdf)).toBe(true);
    const range = await t.app.inject({
      url: documentUrl,
      headers: { cookie: me.cookie, range: 'bytes=0-4' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.body).toBe('%PDF-');

    // Deleted for good, the document leaves the bucket.
    t.clock.advanceSeconds(COLLECT_GRACE_SECONDS + 1);
    const bulk = (action: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/letters/bulk',
        headers: me.headers,
        payload: { letter_ids: [id], action },
      });
    expect((await bulk('trash')).statusCode).toBe(200);
    expect((await bulk('delete_forever')).json()).toEqual({ updated: 1 });
    expect(await s3.keys(bucket)).toEqual([]);
  });
});

describe('starting on S3', () => {
  it('fails with a message that names the setting when the bucket does not exist', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'kuvert-test-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://localhost:3000',
      ...s3.env('no-such-bucket'),
    });
    const handle = connectDatabase({ databaseUrl: config.databaseUrl, dataDir });
    try {
      await expect(
        buildApp({ config, db: handle.db, engine: handle.engine, logger: false }),
      ).rejects.toThrow(
        `Invalid configuration:\n  - S3_BUCKET: the bucket "no-such-bucket" at ${s3.endpoint} does not exist; create it first`,
      );
    } finally {
      await handle.db.destroy();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
