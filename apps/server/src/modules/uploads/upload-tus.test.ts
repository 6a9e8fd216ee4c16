import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOADS_TUS_PATH } from '@kuvert/shared/uploads';
import { buildApp } from '../../app.ts';
import type { FastifyInstance } from 'fastify';
import { connectDatabase, type DatabaseHandle } from '../../db/connect.ts';
import { createLoggedInUser, type CreatedUser, type LoggedIn } from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import {
  htmlPretendingToBePdf,
  javaScriptPdf,
  zipPretendingToBePdf,
} from '@kuvert/test-fixtures/hostile-pdfs';
import { personalAccountOf, samplePdf } from '../../test/mailbox.ts';
import {
  TINY_PNG,
  TUS,
  createTusUpload,
  headUpload,
  patchUpload,
  storeUpload,
  uploadFile,
  uploadIdOf,
} from '../../test/uploads.ts';
import { UPLOAD_READ_JOB } from './upload-job-types.ts';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A text file of about `bytes` bytes, lines of words. */
function textOf(bytes: number): Buffer {
  const line = 'Kuvert keeps what you upload: byte for byte.\n';
  return Buffer.from(line.repeat(Math.ceil(bytes / line.length)).slice(0, bytes));
}

/** The app on a real socket, for what inject cannot do: a body that arrives slowly, or not whole. */
async function listeningPort(t: TestApp): Promise<number> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening on a port');
  return address.port;
}

/** A PATCH whose body the test writes (and ends) itself. */
function startPatch(port: number, user: LoggedIn, id: string, offset: number, length: number) {
  const request = httpRequest({
    host: '127.0.0.1',
    port,
    method: 'PATCH',
    path: `${UPLOADS_TUS_PATH}/${id}`,
    headers: {
      ...user.headers,
      ...TUS,
      'content-type': 'application/offset+octet-stream',
      'upload-offset': String(offset),
      'content-length': String(length - offset),
    },
  });
  const response = new Promise<{ status: number }>((resolve, reject) => {
    request.on('response', (answer) => {
      answer.resume();
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0 }));
    });
    request.on('error', reject);
  });
  return { request, response };
}

/** Until the server has begun to keep bytes of the upload (what a request in progress does). */
async function untilStaged(t: TestApp, id: string): Promise<void> {
  const file = path.join(t.config.dataDir, 'uploads-staging', id);
  for (let attempt = 0; attempt < 500; attempt += 1) {
    if (existsSync(file) && statSync(file).size > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the upload never began');
}

describe.each(testEngines)('uploads over tus (%s)', (engine) => {
  let t: TestApp;
  let me: CreatedUser & LoggedIn;
  let account: string;

  beforeAll(async () => {
    t = await createTestApp(engine, {
      UPLOAD_MAX_BYTES: String(2 * 1024 * 1024),
      ACCOUNT_QUOTA_BYTES: String(64 * 1024 * 1024),
    });
    me = await createLoggedInUser(t.app);
    account = personalAccountOf(me);
  });
  afterAll(async () => t.close());

  it('says which version, extensions and size it supports', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: UPLOADS_TUS_PATH,
      headers: { cookie: me.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['tus-resumable']).toBe('1.0.0');
    expect(response.headers['tus-version']).toBe('1.0.0');
    expect(response.headers['tus-extension']).toBe('creation,termination,expiration');
    expect(response.headers['tus-max-size']).toBe(String(2 * 1024 * 1024));
  });

  it('takes a file in pieces, then lists it and gives back the very same bytes', async () => {
    const bytes = textOf(300_000);
    const created = await createTusUpload(t.app, me, {
      accountId: account,
      name: 'notes.txt',
      length: bytes.length,
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers['tus-resumable']).toBe('1.0.0');
    expect(created.headers['upload-expires']).toMatch(/GMT$/);
    const id = uploadIdOf(created);
    expect(created.headers.location).toBe(`${UPLOADS_TUS_PATH}/${id}`);

    const first = await patchUpload(t.app, me, id, 0, bytes.subarray(0, 100_000));
    expect(first.statusCode).toBe(204);
    expect(first.headers['upload-offset']).toBe('100000');
    const head = await headUpload(t.app, me, id);
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe('100000');
    expect(head.headers['upload-length']).toBe(String(bytes.length));
    expect(head.headers['cache-control']).toBe('no-store');
    // Not listed while it is still arriving.
    const during = await t.app.inject({
      url: `/api/uploads?account_id=${account}`,
      headers: { cookie: me.cookie },
    });
    expect(during.json().uploads).toEqual([]);

    const second = await patchUpload(t.app, me, id, 100_000, bytes.subarray(100_000, 200_000));
    expect(second.headers['upload-offset']).toBe('200000');
    const last = await patchUpload(t.app, me, id, 200_000, bytes.subarray(200_000));
    expect(last.statusCode).toBe(204);
    expect(last.headers['upload-offset']).toBe(String(bytes.length));

    const list = await t.app.inject({
      url: `/api/uploads?account_id=${account}`,
      headers: { cookie: me.cookie },
    });
    expect(list.json().uploads).toEqual([
      expect.objectContaining({
        id,
        name: 'notes.txt',
        content_type: 'text/plain',
        kind: 'text',
        size: bytes.length,
        text_status: 'pending',
      }),
    ]);
    const detail = await t.app.inject({
      url: `/api/uploads/${id}`,
      headers: { cookie: me.cookie },
    });
    expect(detail.json()).toMatchObject({ sha256: sha256(bytes), encoding: 'utf-8' });
    const content = await t.app.inject({
      url: `/api/uploads/${id}/content`,
      headers: { cookie: me.cookie },
    });
    expect(content.statusCode).toBe(200);
    expect(content.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(content.headers['content-disposition']).toContain('attachment');
    expect(content.headers['x-content-type-options']).toBe('nosniff');
    expect(sha256(content.rawPayload)).toBe(sha256(bytes));
    const range = await t.app.inject({
      url: `/api/uploads/${id}/content?disposition=inline`,
      headers: { cookie: me.cookie, range: 'bytes=10-19' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload).toEqual(bytes.subarray(10, 20));
    expect(range.headers['content-security-policy']).toContain('sandbox');

    const jobs = await t.app.db
      .selectFrom('jobs')
      .select('payload')
      .where('type', '=', UPLOAD_READ_JOB)
      .execute();
    expect(jobs.map((job) => JSON.parse(job.payload))).toContainEqual({ upload_id: id });
    // The staged bytes are gone once stored.
    expect(existsSync(path.join(t.config.dataDir, 'uploads-staging', id))).toBe(false);
    // A client whose last answer was lost asks again: the whole file is there.
    expect((await headUpload(t.app, me, id)).headers['upload-offset']).toBe(String(bytes.length));
  });

  it('keeps what arrived when the connection drops, and resumes from there', async () => {
    const port = await listeningPort(t);
    const bytes = textOf(500_000);
    const id = uploadIdOf(
      await createTusUpload(t.app, me, {
        accountId: account,
        name: 'cut.txt',
        length: bytes.length,
      }),
    );
    const sent = 250_000;
    await new Promise<void>((resolve) => {
      const request = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'PATCH',
        path: `${UPLOADS_TUS_PATH}/${id}`,
        headers: {
          ...me.headers,
          ...TUS,
          'content-type': 'application/offset+octet-stream',
          'upload-offset': '0',
          'content-length': String(bytes.length),
        },
      });
      request.on('error', () => resolve());
      request.write(bytes.subarray(0, sent), () => {
        // Give the server the bytes, then pull the plug mid-request.
        setImmediate(() => {
          request.destroy();
          resolve();
        });
      });
    });
    // The server notices the drop on its own time; the client asks until the offset is kept.
    let offset = 0;
    for (let attempt = 0; attempt < 200 && offset === 0; attempt += 1) {
      const head = await headUpload(t.app, me, id);
      offset = Number(head.headers['upload-offset']);
      if (offset === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(sent);
    const rest = await patchUpload(t.app, me, id, offset, bytes.subarray(offset));
    expect(rest.statusCode).toBe(204);
    const content = await t.app.inject({
      url: `/api/uploads/${id}/content`,
      headers: { cookie: me.cookie },
    });
    expect(sha256(content.rawPayload)).toBe(sha256(bytes));
  });

  it('refuses a file over the size limit, naming it (413)', async () => {
    const response = await createTusUpload(t.app, me, {
      accountId: account,
      name: 'huge.pdf',
      length: 3 * 1024 * 1024,
    });
    expect(response.statusCode).toBe(413);
    expect(response.headers['tus-resumable']).toBe('1.0.0');
    expect(response.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: expect.stringContaining('“huge.pdf”'),
      details: [{ filename: 'huge.pdf' }],
    });
  });

  it('refuses an HTML page named .pdf by its bytes (415), and forgets it', async () => {
    const html = Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>');
    const { id, response } = await uploadFile(t.app, me, {
      accountId: account,
      name: 'invoice.pdf',
      bytes: html,
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: expect.stringMatching(/^“invoice\.pdf” is not /),
      details: [{ filename: 'invoice.pdf' }],
    });
    expect((await headUpload(t.app, me, id)).statusCode).toBe(404);
    expect(existsSync(path.join(t.config.dataDir, 'uploads-staging', id))).toBe(false);
  });

  it('refuses binary data that is none of the accepted types (415)', async () => {
    const zip = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(2000, 1)]);
    const { response } = await uploadFile(t.app, me, {
      accountId: account,
      name: 'a.zip',
      bytes: zip,
    });
    expect(response.statusCode).toBe(415);
  });

  it('refuses a broken PDF once it arrived whole (422), and keeps nothing of it', async () => {
    const broken = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(5000, 0x41)]);
    const { id, response } = await uploadFile(t.app, me, {
      accountId: account,
      name: 'broken.pdf',
      bytes: broken,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'DOCUMENT_UNREADABLE',
      message: expect.stringContaining('“broken.pdf”'),
    });
    expect((await headUpload(t.app, me, id)).statusCode).toBe(404);
  });

  it('refuses hostile PDFs: markup carrying %PDF-, a ZIP, active content', async () => {
    const refusal = async (name: string, bytes: Buffer) => {
      const { response } = await uploadFile(t.app, me, { accountId: account, name, bytes });
      return { status: response.statusCode, code: response.json().code };
    };
    expect(await refusal('page.pdf', htmlPretendingToBePdf())).toEqual({
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    expect(await refusal('archive.pdf', zipPretendingToBePdf())).toEqual({
      status: 422,
      code: 'DOCUMENT_UNREADABLE',
    });
    const script = await uploadFile(t.app, me, {
      accountId: account,
      name: 'script.pdf',
      bytes: javaScriptPdf(),
    });
    expect(script.response.statusCode).toBe(422);
    expect(script.response.json()).toMatchObject({
      code: 'DOCUMENT_ACTIVE_CONTENT',
      message: expect.stringContaining('“script.pdf” contains JavaScript'),
    });
  });

  it('answers 409 to a PATCH at the wrong offset, 415 to another body type, 412 without the version', async () => {
    const id = uploadIdOf(
      await createTusUpload(t.app, me, { accountId: account, name: 'o.txt', length: 100 }),
    );
    const wrong = await patchUpload(t.app, me, id, 10, textOf(10));
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().code).toBe('CONFLICT');
    const json = await t.app.inject({
      method: 'PATCH',
      url: `${UPLOADS_TUS_PATH}/${id}`,
      headers: { ...me.headers, ...TUS, 'upload-offset': '0' },
      payload: { not: 'bytes' },
    });
    expect(json.statusCode).toBe(415);
    const noVersion = await t.app.inject({
      method: 'PATCH',
      url: `${UPLOADS_TUS_PATH}/${id}`,
      headers: {
        ...me.headers,
        'content-type': 'application/offset+octet-stream',
        'upload-offset': '0',
      },
      payload: textOf(10),
    });
    expect(noVersion.statusCode).toBe(412);
    expect(noVersion.headers['tus-version']).toBe('1.0.0');
    const tooMuch = await patchUpload(t.app, me, id, 0, textOf(101));
    expect(tooMuch.statusCode).toBe(413);
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `${UPLOADS_TUS_PATH}/${id}`,
      headers: { ...me.headers, ...TUS },
    });
    expect(cancelled.statusCode).toBe(204);
    expect((await headUpload(t.app, me, id)).statusCode).toBe(404);
  });

  it('lets one of two PATCHes at once append, and keeps the bytes intact', async () => {
    const port = await listeningPort(t);
    const bytes = textOf(200_000);
    const id = uploadIdOf(
      await createTusUpload(t.app, me, {
        accountId: account,
        name: 'race.txt',
        length: bytes.length,
      }),
    );
    const first = startPatch(port, me, id, 0, bytes.length);
    first.request.write(bytes.subarray(0, 100_000));
    // The first request holds the upload while the rest of its body is still to come.
    await untilStaged(t, id);
    const second = await patchUpload(t.app, me, id, 0, bytes);
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('CONFLICT');
    first.request.end(bytes.subarray(100_000));
    expect((await first.response).status).toBe(204);
    const content = await t.app.inject({
      url: `/api/uploads/${id}/content`,
      headers: { cookie: me.cookie },
    });
    expect(sha256(content.rawPayload)).toBe(sha256(bytes));
  });

  it('judges images by their bytes, whatever the name says', async () => {
    const id = await storeUpload(t.app, me, {
      accountId: account,
      name: 'photo.txt',
      bytes: TINY_PNG,
    });
    const detail = await t.app.inject({
      url: `/api/uploads/${id}`,
      headers: { cookie: me.cookie },
    });
    expect(detail.json()).toMatchObject({ content_type: 'image/png', kind: 'image' });
  });

  it('removes uploads nobody continued for a day', async () => {
    const id = uploadIdOf(
      await createTusUpload(t.app, me, { accountId: account, name: 'left.txt', length: 1000 }),
    );
    await patchUpload(t.app, me, id, 0, textOf(400));
    expect(existsSync(path.join(t.config.dataDir, 'uploads-staging', id))).toBe(true);
    t.clock.advanceSeconds(25 * 3600);
    const { removeStaleUploads } = await import('./upload-jobs.ts');
    expect(await removeStaleUploads(t.app)).toBeGreaterThanOrEqual(1);
    expect(existsSync(path.join(t.config.dataDir, 'uploads-staging', id))).toBe(false);
    const row = await t.app.db.selectFrom('uploads').select('id').where('id', '=', id).execute();
    expect(row).toEqual([]);
    t.clock.advanceSeconds(-25 * 3600);
  });
});

describe.each(testEngines)('the upload quota (%s)', (engine) => {
  let t: TestApp;
  let me: CreatedUser & LoggedIn;
  let account: string;

  beforeAll(async () => {
    t = await createTestApp(engine, {
      UPLOAD_MAX_BYTES: String(1024 * 1024),
      ACCOUNT_QUOTA_BYTES: String(1024 * 1024),
    });
    me = await createLoggedInUser(t.app);
    account = personalAccountOf(me);
  });
  afterAll(async () => t.close());

  it('holds when parallel uploads together would exceed it', async () => {
    const length = 300 * 1024;
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        createTusUpload(t.app, me, { accountId: account, name: `part-${index}.txt`, length }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).toSorted();
    expect(statuses).toEqual([201, 201, 201, 413, 413, 413]);
    const refused = responses.find((response) => response.statusCode === 413);
    expect(refused?.json()).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      message: expect.stringMatching(/^“part-\d\.txt”/),
    });
    const usage = await t.app.inject({
      url: `/api/uploads/usage?account_id=${account}`,
      headers: { cookie: me.cookie },
    });
    expect(usage.json()).toEqual({
      used_bytes: 3 * length,
      quota_bytes: 1024 * 1024,
      max_file_bytes: 1024 * 1024,
    });
  });
});

describe.each(testEngines)('an upload across instances (%s)', (engine) => {
  let t: TestApp;
  let me: CreatedUser & LoggedIn;
  let other: FastifyInstance;
  let otherHandle: DatabaseHandle;

  beforeAll(async () => {
    t = await createTestApp(engine);
    me = await createLoggedInUser(t.app);
    // A second instance: its own connections to the same database, the same DATA_DIR.
    otherHandle = connectDatabase({
      databaseUrl: t.config.databaseUrl,
      dataDir: t.config.dataDir,
      poolSize: 2,
      onIdleConnectionError: () => {},
    });
    other = await buildApp({
      config: t.config,
      db: otherHandle.db,
      engine: otherHandle.engine,
      clock: t.clock,
      mailer: t.mailer,
      logger: false,
      processing: t.app.processing,
    });
    await other.ready();
  });
  afterAll(async () => {
    await other.close();
    await otherHandle.db.destroy();
    await t.close();
  });

  it('is begun on one instance and finished on another', async () => {
    // Smaller than the bytes its type is judged by: judged when the second half arrives.
    const bytes = await samplePdf('Begun here, finished there');
    const id = uploadIdOf(
      await createTusUpload(t.app, me, {
        accountId: personalAccountOf(me),
        name: 'travelling.pdf',
        length: bytes.length,
      }),
    );
    const half = Math.floor(bytes.length / 2);
    expect((await patchUpload(t.app, me, id, 0, bytes.subarray(0, half))).statusCode).toBe(204);
    expect((await headUpload(other, me, id)).headers['upload-offset']).toBe(String(half));
    const rest = await patchUpload(other, me, id, half, bytes.subarray(half));
    expect(rest.statusCode).toBe(204);
    const content = await t.app.inject({
      url: `/api/uploads/${id}/content`,
      headers: { cookie: me.cookie },
    });
    expect(sha256(content.rawPayload)).toBe(sha256(bytes));
    const detail = await other.inject({
      url: `/api/uploads/${id}`,
      headers: { cookie: me.cookie },
    });
    expect(detail.json()).toMatchObject({ content_type: 'application/pdf', page_count: 1 });
  });

  // SQLite is one file for one instance; PostgreSQL's advisory lock is what spans instances.
  it.skipIf(engine !== 'postgres')(
    'refuses a second PATCH on another instance while one is appending',
    async () => {
      const port = await listeningPort(t);
      const bytes = textOf(200_000);
      const id = uploadIdOf(
        await createTusUpload(t.app, me, {
          accountId: personalAccountOf(me),
          name: 'contested.txt',
          length: bytes.length,
        }),
      );
      const first = startPatch(port, me, id, 0, bytes.length);
      first.request.write(bytes.subarray(0, 100_000));
      await untilStaged(t, id);
      const second = await patchUpload(other, me, id, 0, bytes);
      expect(second.statusCode).toBe(409);
      first.request.end(bytes.subarray(100_000));
      expect((await first.response).status).toBe(204);
      const content = await other.inject({
        url: `/api/uploads/${id}/content`,
        headers: { cookie: me.cookie },
      });
      expect(sha256(content.rawPayload)).toBe(sha256(bytes));
    },
  );
});
