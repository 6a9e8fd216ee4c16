import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { createLoggedInUser, type CreatedUser, type LoggedIn } from './test/factories.ts';
import { createTestApp, testEngines, type TestApp } from './test/helper.ts';
import {
  createTestProvider,
  deliverTestLetter,
  multipart,
  samplePdf,
  storedDocumentKeys,
  type MultipartPart,
} from './test/mailbox.ts';

/** A pino line as written to the capturing stream. */
interface LogLine {
  level: number;
  msg?: string;
  err?: { stack?: string };
  [key: string]: unknown;
}

const ERROR_LEVEL = 50;
const DEEP = 5000;
const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** Status and error body of a response; `message: true` stands for a message that is there. */
function answerOf(response: LightMyRequestResponse): {
  status: number;
  code?: unknown;
  message?: boolean;
  body?: string;
} {
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return { status: response.statusCode, body: response.body.slice(0, 200) };
  }
  if (typeof body !== 'object' || body === null || !('code' in body) || !('message' in body)) {
    return { status: response.statusCode, body: response.body.slice(0, 200) };
  }
  return {
    status: response.statusCode,
    code: body.code,
    message: typeof body.message === 'string' && body.message !== '',
  };
}

/** A 4xx with the error body `{ code, message }`, as answerOf shows it. */
const errorBody = (status: number, code: string) => ({ status, code, message: true });

const metadataPart = (value: string, contentType?: string): MultipartPart => ({
  name: 'metadata',
  value,
  ...(contentType ? { contentType } : {}),
});

/** A multipart body whose Content-Type is replaced, e.g. to drop the boundary. */
function withContentType(parts: MultipartPart[], contentType: string) {
  return { payload: multipart(parts).payload, contentType };
}

/**
 * A multipart body cut off before its closing boundary: just that boundary missing, or
 * `more` bytes before it missing too.
 */
function truncated(parts: MultipartPart[], more = 0) {
  const body = multipart(parts);
  const boundary = body.contentType.split('boundary=')[1] ?? '';
  const closing = Buffer.byteLength(`--${boundary}--\r\n`);
  const end = body.payload.length - closing - Math.floor(more);
  return { payload: body.payload.subarray(0, end), contentType: body.contentType };
}

describe.each(testEngines)('malformed input answers 4xx with the error body (%s)', (engine) => {
  let t: TestApp;
  /** The app under test: the same database and files as `t`, with a logger we read. */
  let app: FastifyInstance;
  const logs: LogLine[] = [];
  let me: CreatedUser & LoggedIn;
  let apiKey: string;
  let letterId: string;
  let documentUrl: string;
  let documentSize: number;
  let pdf: Buffer;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'kuvert-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Kuvert</title>');
    writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log("kuvert")');
    t = await createTestApp(engine, {
      WEB_DIST_DIR: dist,
      LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '1000',
    });
    const logger = {
      level: 'debug',
      stream: {
        write: (line: string) => {
          const entry: LogLine = JSON.parse(line);
          logs.push(entry);
        },
      },
    };
    app = await buildApp({
      config: t.config,
      db: t.handle.db,
      engine: t.handle.engine,
      clock: t.clock,
      mailer: t.mailer,
      logger,
    });
    await app.ready();
    me = await createLoggedInUser(app);
    ({ apiKey } = await createTestProvider(app, { name: 'Stadtwerke' }));
    pdf = await samplePdf();
    letterId = await deliverTestLetter(app, apiKey, me.email);
    const detail = await app.inject({ url: `/api/letters/${letterId}`, headers: me.headers });
    const [document] = detail.json().documents;
    documentUrl = `/api/letters/${letterId}/documents/${document.id}/content`;
    documentSize = document.size;
  });

  afterAll(async () => {
    await app?.close();
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  function post(body: { payload: Buffer; contentType: string }) {
    return app.inject({
      method: 'POST',
      url: '/api/sender/v1/letters',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': body.contentType },
      payload: body.payload,
    });
  }

  function postReply(body: { payload: Buffer; contentType: string }) {
    return app.inject({
      method: 'POST',
      url: `/api/letters/${letterId}/replies`,
      headers: { ...me.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
  }

  /** A good letter for the Sender API, to be broken by each test. */
  const letterParts = (): MultipartPart[] => [
    metadataPart(
      JSON.stringify({ recipient: { email: me.email }, subject: 'Hostile' }),
      'application/json',
    ),
    { name: 'document', filename: 'letter.pdf', content: pdf },
  ];

  /** A good reply, to be broken by each test. */
  const replyParts = (): MultipartPart[] => [
    { name: 'subject', value: 'Re: A letter' },
    { name: 'body', value: 'Thank you.' },
    { name: 'attachment', filename: 'receipt.pdf', content: pdf },
  ];

  describe('the Sender API', () => {
    it('refuses multipart without a boundary, or with an empty one, with 400', async () => {
      for (const contentType of [
        'multipart/form-data',
        'multipart/form-data; boundary=',
        'multipart/form-data; boundary=""',
        `multipart/form-data; boundary=${'x'.repeat(300)}`,
      ]) {
        const response = await post(withContentType(letterParts(), contentType));
        expect(answerOf(response)).toEqual(errorBody(400, 'VALIDATION_FAILED'));
      }
    });

    it('refuses a body cut off before its closing boundary with 400, and keeps no file', async () => {
      for (const more of [0, 2, pdf.length / 2]) {
        const response = await post(truncated(letterParts(), more));
        expect(answerOf(response)).toEqual(errorBody(400, 'VALIDATION_FAILED'));
      }
      // Cut inside the metadata part, before any document.
      const body = multipart(letterParts());
      const head = body.payload.subarray(0, body.payload.indexOf('Hostile'));
      const cut = await post({ ...body, payload: head });
      expect(answerOf(cut)).toEqual(errorBody(400, 'VALIDATION_FAILED'));
      const letters = await app.db.selectFrom('letters').select('subject').execute();
      expect(letters.map((letter) => letter.subject)).not.toContain('Hostile');
      const tempDir = path.join(t.config.dataDir, 'documents', 'tmp');
      expect(readdirSync(tempDir).filter((name) => name.endsWith('.part'))).toEqual([]);
      expect(storedDocumentKeys(t.config.dataDir)).toHaveLength(1);
    });

    it('answers 413 (never 406) for a metadata part over its limit, JSON or not', async () => {
      const huge = JSON.stringify({
        recipient: { email: me.email },
        subject: 'Hostile',
        body: 'x'.repeat(70 * 1024),
      });
      for (const contentType of ['application/json', undefined]) {
        const response = await post(
          multipart([
            metadataPart(huge, contentType),
            { name: 'document', filename: 'letter.pdf', content: pdf },
          ]),
        );
        expect(answerOf(response)).toEqual(errorBody(413, 'PAYLOAD_TOO_LARGE'));
      }
    });

    it('refuses metadata that is a JSON array with 400', async () => {
      for (const contentType of ['application/json', undefined]) {
        const response = await post(
          multipart([
            metadataPart('[]', contentType),
            { name: 'document', filename: 'letter.pdf', content: pdf },
          ]),
        );
        expect(answerOf(response)).toEqual(errorBody(400, 'VALIDATION_FAILED'));
      }
    });

    it('refuses metadata sent as application/json nested 5,000 deep with 400', async () => {
      for (const deep of [deepArray(DEEP), deepObject(DEEP)]) {
        const value = `{"recipient":{"email":"${me.email}"},"subject":"Hostile","extra":${deep}}`;
        const response = await post(
          multipart([
            metadataPart(value, 'application/json'),
            { name: 'document', filename: 'letter.pdf', content: pdf },
          ]),
        );
        expect(answerOf(response)).toEqual(errorBody(400, 'VALIDATION_FAILED'));
        expect(response.json().details).toEqual([
          { path: 'metadata', message: expect.stringContaining('64') },
        ]);
      }
    });

    // A plain text part is not known to be JSON until parseMetadata reads it: the depth
    // check runs there, before JSON.parse.
    it('refuses metadata sent as a plain field nested 5,000 deep with 400', async () => {
      const value = `{"recipient":{"email":"${me.email}"},"subject":"Hostile","extra":${deepArray(DEEP)}}`;
      const response = await post(
        multipart([
          metadataPart(value),
          { name: 'document', filename: 'letter.pdf', content: pdf },
        ]),
      );
      expect(answerOf(response)).toEqual(errorBody(400, 'VALIDATION_FAILED'));
    });
  });

  describe('replies', () => {
    // Fuzzed over HTTP these once got no answer: see malformed-input-http.test.ts for why.
    it('refuses a reply whose fields are all empty with 400, and an empty file with 415', async () => {
      const empty: MultipartPart[] = [
        { name: 'subject', value: '' },
        { name: 'body', value: '' },
        { name: 'upload_ids', value: '' },
      ];
      const fields = await postReply(multipart(empty));
      const file = await postReply(
        multipart([...empty, { name: 'attachment', filename: '', content: Buffer.alloc(0) }]),
      );
      expect([answerOf(fields), answerOf(file)]).toEqual([
        errorBody(400, 'VALIDATION_FAILED'),
        errorBody(415, 'UNSUPPORTED_MEDIA_TYPE'),
      ]);
    });

    it('refuses multipart without a boundary, or with an empty one, with 400', async () => {
      for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=']) {
        const response = await postReply(withContentType(replyParts(), contentType));
        expect(answerOf(response)).toEqual(errorBody(400, 'VALIDATION_FAILED'));
      }
    });

    it('refuses a body cut off before its closing boundary with 400', async () => {
      for (const more of [0, pdf.length / 2]) {
        const response = await postReply(truncated(replyParts(), more));
        expect(answerOf(response)).toEqual(errorBody(400, 'VALIDATION_FAILED'));
      }
    });

    it('answers 413 for a text part over its limit, even one declared as JSON', async () => {
      for (const contentType of [undefined, 'application/json']) {
        const response = await postReply(
          multipart([
            { name: 'subject', value: 'Re: A letter' },
            {
              name: 'body',
              value: JSON.stringify('x'.repeat(200 * 1024)),
              ...(contentType ? { contentType } : {}),
            },
          ]),
        );
        expect(answerOf(response)).toEqual(errorBody(413, 'PAYLOAD_TOO_LARGE'));
      }
    });

    it('refuses a text part declared as JSON and nested 5,000 deep with 400', async () => {
      const response = await postReply(
        multipart([
          { name: 'subject', value: 'Re: A letter' },
          { name: 'body', value: deepArray(DEEP), contentType: 'application/json' },
        ]),
      );
      expect(answerOf(response)).toEqual(errorBody(400, 'VALIDATION_FAILED'));
    });
  });

  describe('JSON request bodies', () => {
    it('refuses a body nested 5,000 deep with 400, before any handler sees it', async () => {
      for (const deep of [deepArray(DEEP), deepObject(DEEP)]) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'content-type': 'application/json' },
          payload: `{"email":"${me.email}","password":"x","extra":${deep}}`,
        });
        expect(answerOf(response)).toEqual(errorBody(400, 'VALIDATION_FAILED'));
      }
      const bulk = await app.inject({
        method: 'POST',
        url: '/api/letters/bulk',
        headers: { ...me.headers, 'content-type': 'application/json' },
        payload: deepObject(DEEP),
      });
      expect(answerOf(bulk)).toEqual(errorBody(400, 'VALIDATION_FAILED'));
    });

    it('still accepts JSON nested within the limit, brackets inside strings not counted', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: me.email, password: `${'[{'.repeat(100)}"\\` }),
      });
      expect(answerOf(response)).toEqual(errorBody(401, 'INVALID_CREDENTIALS'));
    });

    it('answers a malformed URL with 400 and the error body', async () => {
      for (const url of ['/%E0%A4%A', '/api/letters/%E0%A4%A']) {
        const response = await app.inject({ url });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          code: 'VALIDATION_FAILED',
          message: expect.any(String),
        });
      }
    });

    it('answers broken and empty JSON with 400', async () => {
      for (const payload of ['{"email":', '']) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect(answerOf(response)).toEqual(errorBody(400, 'VALIDATION_FAILED'));
      }
    });
  });

  describe('ranges', () => {
    it('never answers 5xx to an invalid range on a page or an asset: the whole file, 200', async () => {
      for (const url of ['/', '/inbox', '/assets/app.js']) {
        for (const range of ['bytes=5-1', 'bytes=x-y', 'bytes=', 'bytes=0-1,5-1', 'pages=1-2']) {
          const response = await app.inject({ url, headers: { range } });
          expect({ url, range, status: response.statusCode }).toEqual({ url, range, status: 200 });
          expect(response.headers['content-range']).toBeUndefined();
        }
      }
    });

    it('answers a range past the end of an asset or page with 416 and the error body', async () => {
      for (const url of ['/assets/app.js', '/inbox']) {
        const response = await app.inject({ url, headers: { range: 'bytes=999999999-' } });
        expect(answerOf(response)).toEqual(errorBody(416, 'RANGE_NOT_SATISFIABLE'));
        expect(response.headers['content-range']).toMatch(/^bytes \*\/\d+$/);
      }
      const partial = await app.inject({ url: '/assets/app.js', headers: { range: 'bytes=0-6' } });
      expect({ status: partial.statusCode, body: partial.body }).toEqual({
        status: 206,
        body: 'console',
      });
    });

    it('sends a letter document whole for an invalid range, and 416 with the body past its end', async () => {
      for (const range of ['bytes=5-1', 'bytes=abc', 'bytes=0-1,5-1']) {
        const response = await app.inject({ url: documentUrl, headers: { ...me.headers, range } });
        expect({ range, status: response.statusCode, size: response.rawPayload.length }).toEqual({
          range,
          status: 200,
          size: documentSize,
        });
      }
      const past = await app.inject({
        url: documentUrl,
        headers: { ...me.headers, range: 'bytes=999999999-' },
      });
      expect(answerOf(past)).toEqual(errorBody(416, 'RANGE_NOT_SATISFIABLE'));
      expect(past.headers['content-range']).toBe(`bytes */${documentSize}`);
    });

    it('serves one range of a document, several joined when they touch, and the whole file otherwise', async () => {
      const cases: Array<[string, number, string | undefined, number]> = [
        ['bytes=0-9', 206, `bytes 0-9/${documentSize}`, 10],
        ['bytes=0-9,10-19', 206, `bytes 0-19/${documentSize}`, 20],
        ['bytes=-5', 206, `bytes ${documentSize - 5}-${documentSize - 1}/${documentSize}`, 5],
        ['bytes=0-0,-1', 200, undefined, documentSize],
        ['bytes=0-1, 999999999-', 206, `bytes 0-1/${documentSize}`, 2],
      ];
      for (const [range, status, contentRange, size] of cases) {
        const response = await app.inject({ url: documentUrl, headers: { ...me.headers, range } });
        expect({
          range,
          status: response.statusCode,
          contentRange: response.headers['content-range'],
          size: response.rawPayload.length,
        }).toEqual({ range, status, contentRange, size });
      }
    });
  });

  describe('security headers', () => {
    it('sends the live-event stream with the headers of every other response', async () => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const port =
        typeof address === 'object' && address ? (address satisfies AddressInfo).port : 0;
      const controller = new AbortController();
      const response = await fetch(`http://127.0.0.1:${port}/api/events`, {
        headers: { cookie: me.cookie },
        signal: controller.signal,
      });
      const page = await app.inject({ url: '/api/health' });
      controller.abort();
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      for (const name of [
        'content-security-policy',
        'referrer-policy',
        'x-frame-options',
        'x-content-type-options',
        'cross-origin-opener-policy',
        'cross-origin-resource-policy',
        'permissions-policy',
      ]) {
        expect({ name, value: response.headers.get(name) }).toEqual({
          name,
          value: page.headers[name],
        });
      }
      // PUBLIC_URL is http here.
      expect(response.headers.get('strict-transport-security')).toBeNull();
      expect(page.headers['strict-transport-security']).toBeUndefined();
    });
  });

  it('logged no client mistake as an error, and none with a stack', () => {
    // Defined last, so it runs last: every request above has been made.
    const errors = logs.filter((line) => line.level >= ERROR_LEVEL);
    const stacks = logs.filter((line) => line.err?.stack !== undefined);
    expect({ errors, stacks }).toEqual({ errors: [], stacks: [] });
    expect(logs.some((line) => line.msg === 'client error')).toBe(true);
  });
});

describe.each(testEngines)('HSTS follows PUBLIC_URL (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { PUBLIC_URL: 'https://post.example.com' });
  });
  afterAll(async () => t?.close());

  it('is sent on every response, the live-event stream too, when PUBLIC_URL is https', async () => {
    const page = await t.app.inject({ url: '/api/health' });
    expect(page.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    const missing = await t.app.inject({ url: '/api/nope' });
    expect(missing.headers['strict-transport-security']).toBeDefined();

    const me = await createLoggedInUser(t.app);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? (address satisfies AddressInfo).port : 0;
    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}/api/events`, {
      headers: { cookie: me.cookie },
      signal: controller.signal,
    });
    controller.abort();
    expect(response.status).toBe(200);
    expect(response.headers.get('strict-transport-security')).toBe(
      'max-age=63072000; includeSubDomains',
    );
  });
});
