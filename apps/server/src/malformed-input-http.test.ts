import http from 'node:http';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoggedInUser, type CreatedUser, type LoggedIn } from './test/factories.ts';
import { createTestApp, testEngines, type TestApp } from './test/helper.ts';
import {
  createTestProvider,
  deliverTestLetter,
  multipart,
  samplePdf,
  type MultipartPart,
} from './test/mailbox.ts';

/** Long enough for a request that gets no answer, short enough for a test. */
const ANSWER_WITHIN_MS = 5000;

const base64 = (text: string) => Buffer.from(text).toString('base64');

interface Answer {
  status: number;
  code?: unknown;
}

function answerOf(status: number, text: string): Answer {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === 'object' && body !== null && 'code' in body && 'message' in body) {
      return { status, code: body.code };
    }
  } catch {
    // Not JSON: the status alone, which no expectation matches.
  }
  return { status };
}

function injected(response: LightMyRequestResponse): Answer {
  return answerOf(response.statusCode, response.body);
}

/**
 * Sends over real HTTP through `agent` and resolves with the answer, or with `no answer`
 * when none came in time (a body the server stopped reading can leave the connection stuck).
 */
function send(
  agent: http.Agent,
  port: number,
  request: { path: string; headers: Record<string, string>; body: Buffer },
): Promise<Answer | 'no answer'> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      outgoing.destroy();
      resolve('no answer');
    }, ANSWER_WITHIN_MS);
    const outgoing = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: request.path,
        headers: request.headers,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          clearTimeout(timer);
          resolve(answerOf(response.statusCode ?? 0, Buffer.concat(chunks).toString('utf8')));
        });
      },
    );
    // The server may answer (and stop reading) before the whole body is written.
    outgoing.on('error', () => {});
    outgoing.end(request.body);
  });
}

describe.each(testEngines)('malformed input over HTTP (%s)', (engine) => {
  let t: TestApp;
  let me: CreatedUser & LoggedIn;
  let apiKey: string;
  let letterId: string;
  let pdf: Buffer;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp(engine, { LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '1000' });
    me = await createLoggedInUser(t.app);
    ({ apiKey } = await createTestProvider(t.app, { name: 'Stadtwerke' }));
    letterId = await deliverTestLetter(t.app, apiKey, me.email);
    pdf = await samplePdf();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address !== null ? address.port : 0;
  });

  afterAll(async () => t?.close());

  function reply(parts: MultipartPart[]) {
    const body = multipart(parts);
    return {
      path: `/api/letters/${letterId}/replies`,
      headers: { ...me.headers, origin: t.config.publicUrl, 'content-type': body.contentType },
      body: body.payload,
    };
  }

  function senderLetter(parts: MultipartPart[]) {
    const body = multipart(parts);
    return {
      path: '/api/sender/v1/letters',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': body.contentType },
      body: body.payload,
    };
  }

  it('answers every request on a connection after one refused before its body was read', async () => {
    // One connection for all: what one request leaves unread must not stall the next.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const large = Buffer.concat([pdf, Buffer.alloc(4 * 1024 * 1024)]);
    const answers = [
      // Refused at its first part, with megabytes still to come.
      await send(
        agent,
        port,
        reply([
          { name: '', value: '' },
          { name: 'attachment', filename: 'large.pdf', content: large },
        ]),
      ),
      await send(
        agent,
        port,
        reply([
          { name: 'subject', value: '' },
          { name: 'subject', value: '' },
          { name: 'attachment', filename: 'large.pdf', content: large },
        ]),
      ),
      // The two the fuzzer saw without an answer.
      await send(
        agent,
        port,
        reply([
          { name: 'subject', value: '' },
          { name: 'body', value: '' },
          { name: 'upload_ids', value: '' },
        ]),
      ),
      await send(
        agent,
        port,
        senderLetter([
          { name: 'metadata', value: '[]', contentType: 'application/json' },
          { name: 'document', filename: 'letter.pdf', content: pdf },
        ]),
      ),
      await send(agent, port, senderLetter([{ name: 'metadata', value: '[]' }])),
    ];
    agent.destroy();
    expect(answers).toEqual([
      { status: 400, code: 'VALIDATION_FAILED' },
      { status: 400, code: 'VALIDATION_FAILED' },
      { status: 400, code: 'VALIDATION_FAILED' },
      { status: 400, code: 'VALIDATION_FAILED' },
      { status: 400, code: 'VALIDATION_FAILED' },
    ]);
  }, 30_000);

  it('maps the framework errors to their 4xx with the error body', async () => {
    const login = (headers: Record<string, string>, payload: string | Buffer) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', headers, payload });
    const json = { 'content-type': 'application/json' };
    const answers = {
      'JSON that is not JSON': injected(await login(json, '{"email": nope}')),
      'an empty JSON body': injected(await login(json, '')),
      'a body over the limit': injected(
        await login(
          json,
          JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(2 ** 21) }),
        ),
      ),
      'an unsupported media type': injected(
        await login({ 'content-type': 'application/xml' }, '<x/>'),
      ),
      'a media type that is not one': injected(await login({ 'content-type': '/' }, 'x')),
      'a __proto__ key': injected(await login(json, '{"email":"a@example.com","__proto__":{}}')),
      'a body shorter than its Content-Length': injected(
        await login({ ...json, 'content-length': '5' }, '{"email":"a@example.com"}'),
      ),
      'a body that is not the gzip it claims': injected(
        await login({ ...json, 'content-encoding': 'gzip' }, '{}'),
      ),
      'a broken percent-encoding': injected(await t.app.inject({ url: '/api/letters/%zz' })),
      'a path parameter over 100 characters': injected(
        await t.app.inject({
          method: 'POST',
          url: `/api/letters/${'x'.repeat(101)}/unread`,
          headers: { ...me.headers, origin: t.config.publicUrl },
        }),
      ),
    };
    expect(answers).toEqual({
      'JSON that is not JSON': { status: 400, code: 'VALIDATION_FAILED' },
      'an empty JSON body': { status: 400, code: 'VALIDATION_FAILED' },
      'a body over the limit': { status: 413, code: 'PAYLOAD_TOO_LARGE' },
      'an unsupported media type': { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
      'a media type that is not one': { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
      'a __proto__ key': { status: 400, code: 'VALIDATION_FAILED' },
      'a body shorter than its Content-Length': { status: 400, code: 'VALIDATION_FAILED' },
      'a body that is not the gzip it claims': { status: 400, code: 'VALIDATION_FAILED' },
      'a broken percent-encoding': { status: 400, code: 'VALIDATION_FAILED' },
      'a path parameter over 100 characters': { status: 414, code: 'VALIDATION_FAILED' },
    });
  });

  // PostgreSQL cannot store U+0000 in text: unchecked, each of these was a 500 there.
  it('refuses a NUL character anywhere in the input with 400, on every database', async () => {
    const withOrigin = { ...me.headers, origin: t.config.publicUrl };
    const folder = await t.app.inject({
      method: 'POST',
      url: '/api/folders',
      headers: withOrigin,
      payload: { account_id: 'a\u0000', name: 'Steuer' },
    });
    const search = await t.app.inject({
      url: `/api/contacts?q=${encodeURIComponent('a\u0000b')}`,
      headers: me.headers,
    });
    const replyBody = multipart([
      { name: 'subject', value: 'Re\u0000' },
      { name: 'body', value: 'Thanks' },
    ]);
    const replied = await t.app.inject({
      method: 'POST',
      url: `/api/letters/${letterId}/replies`,
      headers: { ...withOrigin, 'content-type': replyBody.contentType },
      payload: replyBody.payload,
    });
    const letterBody = multipart([
      {
        name: 'metadata',
        value: JSON.stringify({ recipient: { email: me.email }, subject: 'Hi\u0000' }),
        contentType: 'application/json',
      },
      { name: 'document', filename: 'letter.pdf', content: pdf },
    ]);
    const delivered = await t.app.inject({
      method: 'POST',
      url: '/api/sender/v1/letters',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': letterBody.contentType },
      payload: letterBody.payload,
    });
    const tus = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/tus',
      headers: {
        ...withOrigin,
        'tus-resumable': '1.0.0',
        'upload-length': '10',
        'upload-metadata': `filename ${base64('a.pdf')},account_id ${base64('a\u0000')}`,
      },
    });
    expect(
      [folder, search, replied, delivered, tus].map((response) => response.json().details),
    ).toEqual([
      [{ path: 'body.account_id', message: expect.stringContaining('NUL') }],
      [{ path: 'query.q', message: expect.stringContaining('NUL') }],
      [{ path: 'subject', message: expect.stringContaining('NUL') }],
      [{ path: 'metadata.subject', message: expect.stringContaining('NUL') }],
      [{ path: 'Upload-Metadata.account_id', message: expect.stringContaining('NUL') }],
    ]);
  });

  it('answers a router error without echoing the URL, with the security headers', async () => {
    const response = await t.app.inject({ url: `/api/letters/${'x'.repeat(1000)}` });
    expect(response.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'A part of the request URL is too long.',
    });
    const page = await t.app.inject({ url: '/api/health' });
    for (const url of [`/api/letters/${'x'.repeat(101)}`, '/api/letters/%zz']) {
      const answer = await t.app.inject({ url });
      for (const name of ['content-security-policy', 'x-content-type-options', 'x-frame-options']) {
        expect({ url, name, value: answer.headers[name] }).toEqual({
          url,
          name,
          value: page.headers[name],
        });
      }
      expect(answer.headers['cache-control']).toBe('no-store');
    }
  });
});
