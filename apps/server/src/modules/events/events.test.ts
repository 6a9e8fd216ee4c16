import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLoggedInUser } from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { deliverTestInvoice } from '../../test/invoices.ts';
import { createTestProvider, deliverTestLetter, personalAccountOf } from '../../test/mailbox.ts';

/** Reads server-sent events from a real connection until `count` events have arrived. */
async function readEvents(response: Response, count: number): Promise<unknown[]> {
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no body');
  const decoder = new TextDecoder();
  const events: unknown[] = [];
  let buffer = '';
  while (events.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const lines = block.split('\n');
      const data = lines.find((line) => line.startsWith('data: '));
      // The stream's own `sync` and `reset` are no LiveEvents (live-event-replay.test.ts).
      const isOwn = lines.some((line) => line === 'event: sync' || line === 'event: reset');
      if (data && !isOwn) events.push(JSON.parse(data.slice(6)));
      end = buffer.indexOf('\n\n');
    }
  }
  await reader.cancel();
  return events;
}

describe.each(testEngines)('live events (%s)', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());

  it('logs a live event it cannot publish, and the change it follows still succeeds', async () => {
    const me = await createLoggedInUser(t.app);
    const accountId = personalAccountOf(me);
    const { apiKey } = await createTestProvider(t.app);
    vi.spyOn(t.app.events, 'publish').mockRejectedValue(new Error('bus down'));
    const warn = vi.spyOn(t.app.log, 'warn');
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: me.headers, payload });

    const letter = await deliverTestLetter(t.app, apiKey, me.email);
    const invoice = await deliverTestInvoice(t.app, apiKey, me.email);
    expect((await post(`/api/invoices/${invoice}/mark-paid`, {})).statusCode).toBe(200);
    expect((await post('/api/folders', { account_id: accountId, name: 'Tax' })).statusCode).toBe(
      201,
    );
    expect(
      (await post('/api/letters/bulk', { letter_ids: [letter], action: 'trash' })).statusCode,
    ).toBe(200);
    expect((await post('/api/trash/empty', { account_id: accountId })).statusCode).toBe(204);

    const lost = warn.mock.calls.flatMap(([details, message]) =>
      message === 'live event not published' && typeof details === 'object' && details !== null
        ? [Reflect.get(details, 'event')]
        : [],
    );
    expect(new Set(lost)).toEqual(
      new Set([
        'letter.created',
        'invoices.changed',
        'folders.changed',
        'letters.changed',
        // Emptying the trash empties its contacts and case files too.
        'contacts.changed',
        'case_files.changed',
      ]),
    );
  });

  it('streams letter.created for the caller’s accounts only, and closes on shutdown', async () => {
    const me = await createLoggedInUser(t.app);
    const stranger = await createLoggedInUser(t.app);
    const { apiKey } = await createTestProvider(t.app, { name: 'Nordbank' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? (address satisfies AddressInfo).port : 0;

    const response = await fetch(`http://127.0.0.1:${port}/api/events`, {
      headers: { cookie: me.cookie },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    expect(response.headers.get('content-encoding')).toBeNull();
    // Give the PostgreSQL listener a moment to be subscribed before publishing.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await deliverTestLetter(t.app, apiKey, stranger.email, { subject: 'Not for you' });
    const mine = await deliverTestLetter(t.app, apiKey, me.email, { subject: 'For you' });

    const [event] = await readEvents(response, 1);
    expect(event).toEqual({
      type: 'letter.created',
      account_id: personalAccountOf(me),
      letter_id: mine,
      subject: 'For you',
      sender_name: 'Nordbank',
    });
    const anonymous = await fetch(`http://127.0.0.1:${port}/api/events`);
    expect(anonymous.status).toBe(401);
    // Another stream stays open; close() must still end promptly.
    const open = await fetch(`http://127.0.0.1:${port}/api/events`, {
      headers: { cookie: me.cookie },
    });
    expect(open.status).toBe(200);
  });
});
