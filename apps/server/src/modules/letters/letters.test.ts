import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyWebhookSignature } from '../../lib/webhooks.ts';
import { createLoggedInUser, type CreatedUser, type LoggedIn } from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import {
  createTestProvider,
  deliverTestLetter,
  multipart,
  personalAccountOf,
  samplePdf,
} from '../../test/mailbox.ts';

interface ReceivedWebhook {
  headers: IncomingMessage['headers'];
  body: string;
}

/** A real HTTP receiver on a free port, as a provider would run one. */
async function startReceiver(): Promise<{
  url: string;
  received: ReceivedWebhook[];
  close(): Promise<void>;
}> {
  const received: ReceivedWebhook[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString() });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? (address satisfies AddressInfo).port : 0;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe.each(testEngines)('letters (%s)', (engine) => {
  let t: TestApp;
  let me: CreatedUser & LoggedIn;
  let accountId: string;

  beforeEach(async () => {
    t = await createTestApp(engine);
    me = await createLoggedInUser(t.app);
    accountId = personalAccountOf(me);
  });
  afterEach(async () => t.close());

  const list = async (query: string) => {
    const response = await t.app.inject({
      url: `/api/letters?account_id=${accountId}&${query}`,
      headers: { cookie: me.cookie },
    });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const idsOf = async (query: string) =>
    (await list(query)).items.map((item: { id: string }) => item.id).toSorted();
  const bulk = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/letters/bulk', headers: me.headers, payload });

  it('pages through the inbox newest first with a keyset cursor, without gaps or repeats', async () => {
    const { apiKey } = await createTestProvider(t.app);
    const ids: string[] = [];
    for (let index = 0; index < 7; index += 1) {
      ids.push(await deliverTestLetter(t.app, apiKey, me.email, { subject: `Letter ${index}` }));
      // Some share a timestamp: the id breaks the tie.
      if (index % 2 === 0) t.clock.advanceSeconds(1);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(`limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items.map((item: { id: string }) => item.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen.toSorted()).toEqual(ids.toSorted());
    // The same order as one big page: newest first, ties broken by id.
    const whole = await list('limit=100');
    expect(seen).toEqual(whole.items.map((item: { id: string }) => item.id));
    expect(seen.at(-1)).toBe(ids[0]);
    const bad = await t.app.inject({
      url: `/api/letters?account_id=${accountId}&cursor=garbage`,
      headers: { cookie: me.cookie },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('sorts letters into views and applies bulk actions', async () => {
    const { apiKey, provider } = await createTestProvider(t.app);
    const other = await createTestProvider(t.app);
    const a = await deliverTestLetter(t.app, apiKey, me.email);
    const b = await deliverTestLetter(t.app, apiKey, me.email);
    const c = await deliverTestLetter(t.app, other.apiKey, me.email);

    expect(await idsOf('view=unread')).toEqual([a, b, c].toSorted());
    expect(await idsOf(`view=inbox&provider_id=${provider.id}`)).toEqual([a, b].toSorted());
    expect((await bulk({ letter_ids: [a, b], action: 'mark_read' })).json()).toEqual({
      updated: 2,
    });
    expect(await idsOf('view=unread')).toEqual([c]);
    expect((await bulk({ letter_ids: [a], action: 'mark_unread' })).json()).toEqual({ updated: 1 });

    const folder = await t.app.inject({
      method: 'POST',
      url: '/api/folders',
      headers: me.headers,
      payload: { account_id: accountId, name: 'Taxes' },
    });
    const folderId = folder.json().id;
    expect((await bulk({ letter_ids: [a], action: 'move', folder_id: folderId })).json()).toEqual({
      updated: 1,
    });
    expect(await idsOf('view=inbox')).toEqual([b, c].toSorted());
    expect(await idsOf(`view=folder&folder_id=${folderId}`)).toEqual([a]);

    expect((await bulk({ letter_ids: [b], action: 'trash' })).json()).toEqual({ updated: 1 });
    expect(await idsOf('view=trash')).toEqual([b]);
    expect(await idsOf('view=inbox')).toEqual([c]);
    expect((await bulk({ letter_ids: [b], action: 'restore' })).json()).toEqual({ updated: 1 });
    expect(await idsOf('view=inbox')).toEqual([b, c].toSorted());
    // Only trashed letters can be deleted for good.
    expect((await bulk({ letter_ids: [c], action: 'delete_forever' })).json()).toEqual({
      updated: 0,
    });
    expect((await bulk({ letter_ids: [a, 'no-such-letter'], action: 'trash' })).statusCode).toBe(
      404,
    );
  });

  it('shows a letter with its documents, serves the PDF with RFC 6266 headers and ranges', async () => {
    const { apiKey } = await createTestProvider(t.app);
    const pdf = await samplePdf('Hello');
    const id = await deliverTestLetter(
      t.app,
      apiKey,
      me.email,
      { body: 'The body' },
      {
        documents: [{ filename: 'Übersicht 2025.pdf', content: pdf }],
      },
    );
    const detail = await t.app.inject({
      url: `/api/letters/${id}`,
      headers: { cookie: me.cookie },
    });
    expect(detail.json()).toMatchObject({
      id,
      body: 'The body',
      replies: [],
      documents: [{ filename: 'Übersicht 2025.pdf' }],
    });
    const documentUrl = `/api/letters/${id}/documents/${detail.json().documents[0].id}/content`;

    const download = await t.app.inject({ url: documentUrl, headers: { cookie: me.cookie } });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect(download.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(pdf.length),
      'x-content-type-options': 'nosniff',
      'content-disposition': `attachment; filename="Ubersicht 2025.pdf"; filename*=UTF-8''%C3%9Cbersicht%202025.pdf`,
    });
    const inline = await t.app.inject({
      url: `${documentUrl}?disposition=inline`,
      headers: { cookie: me.cookie },
    });
    expect(String(inline.headers['content-disposition'])).toMatch(/^inline; /);
    expect(String(inline.headers['content-security-policy'])).toContain('sandbox');

    const range = await t.app.inject({
      url: documentUrl,
      headers: { cookie: me.cookie, range: 'bytes=0-4' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.body).toBe('%PDF-');
    expect(range.headers['content-range']).toBe(`bytes 0-4/${pdf.length}`);
    const past = await t.app.inject({
      url: documentUrl,
      headers: { cookie: me.cookie, range: `bytes=${pdf.length}-` },
    });
    expect(past.statusCode).toBe(416);
  });

  it('tells the provider by signed webhooks: letter.read the first time, message.received for a reply', async () => {
    const receiver = await startReceiver();
    try {
      const { apiKey, provider, webhookSecret } = await createTestProvider(t.app, {
        webhookUrl: receiver.url,
      });
      const id = await deliverTestLetter(t.app, apiKey, me.email);
      const read = () =>
        t.app.inject({ method: 'POST', url: `/api/letters/${id}/read`, headers: me.headers });
      expect((await read()).statusCode).toBe(204);
      expect((await read()).statusCode).toBe(204);

      const body = multipart([
        { name: 'subject', value: 'Re: A letter' },
        { name: 'body', value: 'Thank you, paid today.' },
        { name: 'attachment', filename: 'receipt.pdf', content: await samplePdf('receipt') },
      ]);
      const reply = await t.app.inject({
        method: 'POST',
        url: `/api/letters/${id}/replies`,
        headers: { ...me.headers, 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(reply.statusCode).toBe(201);
      expect(reply.json()).toMatchObject({
        direction: 'outbound',
        in_reply_to: id,
        delivery_status: 'delivered',
      });
      const outbox = await list('view=outbox');
      expect(outbox.items.map((item: { id: string }) => item.id)).toEqual([reply.json().id]);

      await t.app.jobs.runDueJobs();
      const types = receiver.received.map((hook) => JSON.parse(hook.body).type);
      expect(types.toSorted()).toEqual(['letter.read', 'message.received']);
      for (const hook of receiver.received) {
        expect(
          verifyWebhookSignature({
            secret: webhookSecret ?? '',
            header: String(hook.headers['kuvert-signature']),
            body: hook.body,
            now: t.clock.now(),
          }),
        ).toBe(true);
      }

      const messages = await t.app.inject({
        url: '/api/sender/v1/messages',
        headers: { authorization: `Bearer ${apiKey}` },
      });
      const [message] = messages.json().items;
      expect(message).toMatchObject({
        in_reply_to: id,
        subject: 'Re: A letter',
        from: { email: me.email },
      });
      const attachment = await t.app.inject({
        url: new URL(message.documents[0].url).pathname,
        headers: { authorization: `Bearer ${apiKey}` },
      });
      expect(attachment.statusCode).toBe(200);
      expect(attachment.body.startsWith('%PDF-')).toBe(true);

      const status = await t.app.inject({
        url: `/api/sender/v1/letters/${id}`,
        headers: { authorization: `Bearer ${apiKey}` },
      });
      expect(status.json().read_at).not.toBeNull();
      expect(provider.id).toBeTruthy();
    } finally {
      await receiver.close();
    }
  });

  it('mails a notice of a new letter only to members who want one', async () => {
    const { apiKey } = await createTestProvider(t.app, { name: 'Nordbank' });
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/notifications',
      headers: me.headers,
      payload: { email_on_new_letter: false, email_due_date_reminders: true },
    });
    expect(off.json()).toEqual({ email_on_new_letter: false, email_due_date_reminders: true });
    await deliverTestLetter(t.app, apiKey, me.email);
    await t.app.jobs.runDueJobs();
    expect(
      t.mailer.sent.filter((mail) => mail.to === me.email && mail.subject.includes('Nordbank')),
    ).toEqual([]);
  });
});
