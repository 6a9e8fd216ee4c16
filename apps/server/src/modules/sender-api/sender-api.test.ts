import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SENDER_MAX_DOCUMENT_BYTES } from '@kuvert/shared/sender-api';
import { createLoggedInUser, type CreatedUser, type LoggedIn } from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { COLLECT_GRACE_SECONDS } from '../../documents/document-collection.ts';
import {
  VALID_IBAN,
  createTestProvider,
  postLetter,
  samplePdf,
  storedDocumentKeys,
} from '../../test/mailbox.ts';
import { todayOf } from '../invoices/invoice-status.ts';
import { revokeApiKeys, rotateApiKey } from '../providers/providers.service.ts';

describe.each(testEngines)('Sender API: delivering letters (%s)', (engine) => {
  let t: TestApp;
  let recipient: CreatedUser & LoggedIn;
  let apiKey: string;
  let providerId: string;

  beforeEach(async () => {
    t = await createTestApp(engine);
    recipient = await createLoggedInUser(t.app);
    const provider = await createTestProvider(t.app, { name: 'Stadtwerke Test' });
    apiKey = provider.apiKey;
    providerId = provider.provider.id;
  });
  afterEach(async () => t.close());

  const letterCount = async () =>
    Number(
      (
        await t.app.db
          .selectFrom('letters')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  it('delivers a letter with a real PDF into the recipient’s inbox and reports its status', async () => {
    const response = await postLetter(t.app, apiKey, {
      recipient: { email: recipient.email.toUpperCase() },
      subject: 'Ihre Jahresabrechnung',
      body: 'Anbei die Rechnung.',
      kind: 'invoice',
      invoice: {
        amount: 14268,
        currency: 'EUR',
        due_date: '2026-02-01',
        iban: 'DE89 3704 0044 0532 0130 00',
        reference: 'R-1',
      },
      external_id: 'ext-42',
    });
    expect(response.statusCode).toBe(201);
    const { id, status } = response.json();
    expect(status).toBe('delivered');

    const inbox = await t.app.inject({
      url: `/api/letters?account_id=${recipient.body.accounts[0]?.id}`,
      headers: { cookie: recipient.cookie },
    });
    expect(inbox.json().items).toEqual([
      expect.objectContaining({
        id,
        subject: 'Ihre Jahresabrechnung',
        is_read: false,
        document_count: 1,
        invoice: {
          amount: 14268,
          currency: 'EUR',
          due_date: '2026-02-01',
          status: todayOf(t.app) > '2026-02-01' ? 'overdue' : 'open',
          is_overdue: todayOf(t.app) > '2026-02-01',
        },
        provider: expect.objectContaining({ id: providerId, name: 'Stadtwerke Test' }),
      }),
    ]);

    expect(await t.app.jobs.runDueJobs()).toBeGreaterThanOrEqual(2);
    const statusResponse = await t.app.inject({
      url: `/api/sender/v1/letters/${id}`,
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect(statusResponse.statusCode).toBe(200);
    expect(statusResponse.json()).toMatchObject({
      id,
      kind: 'invoice',
      external_id: 'ext-42',
      status: 'delivered',
      recipient: { email: recipient.email },
      read_at: null,
      invoice: { amount: 14268, currency: 'EUR', reference: 'R-1', paid_at: null },
      documents: [{ filename: 'letter.pdf', page_count: 1 }],
    });
    // The recipient wants notices (the default), so one went out.
    expect(t.mailer.lastTo(recipient.email).subject).toBe('New letter from Stadtwerke Test');
  });

  it('refuses a document that is not a PDF by content, whatever its name, and keeps no file', async () => {
    const response = await postLetter(
      t.app,
      apiKey,
      { recipient: { email: recipient.email }, subject: 'Hi' },
      { documents: [{ filename: 'invoice.pdf', content: Buffer.from('<html>not a pdf</html>') }] },
    );
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(await letterCount()).toBe(0);
    expect(storedDocumentKeys(t.config.dataDir)).toEqual([]);
  });

  it('answers 413 for a document over the size limit', async () => {
    const big = Buffer.concat([await samplePdf(), Buffer.alloc(SENDER_MAX_DOCUMENT_BYTES)]);
    const response = await postLetter(
      t.app,
      apiKey,
      { recipient: { email: recipient.email }, subject: 'Big' },
      { documents: [{ filename: 'big.pdf', content: big }] },
    );
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
    expect(await letterCount()).toBe(0);
  });

  it('answers 422 RECIPIENT_UNKNOWN for an address nobody on Kuvert has', async () => {
    const response = await postLetter(t.app, apiKey, {
      recipient: { email: 'nobody@example.com' },
      subject: 'Hi',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'RECIPIENT_UNKNOWN',
      details: [{ path: 'metadata.recipient.email' }],
    });
    // The document stored on the way in is not kept for nothing: once no delivery of the
    // same bytes can still be on its way, the later check removes it.
    t.clock.advanceSeconds(COLLECT_GRACE_SECONDS + 120);
    await t.app.jobs.runDueJobs();
    expect(storedDocumentKeys(t.config.dataDir)).toEqual([]);
  });

  it('validates invoices: details required, IBAN check digits', async () => {
    const base = { recipient: { email: recipient.email }, subject: 'Invoice', kind: 'invoice' };
    const missing = await postLetter(t.app, apiKey, base);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([
      { path: 'metadata.invoice', message: expect.any(String) },
    ]);

    const invoice = {
      amount: 100,
      currency: 'EUR',
      due_date: '2026-01-31',
      reference: 'R',
      iban: 'DE89370400440532013001',
    };
    const badIban = await postLetter(t.app, apiKey, { ...base, invoice });
    expect(badIban.statusCode).toBe(400);
    expect(badIban.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'metadata.invoice.iban' }],
    });
    const badSchema = await postLetter(t.app, apiKey, {
      ...base,
      invoice: { ...invoice, iban: VALID_IBAN, currency: 'eur' },
    });
    expect(badSchema.json().details).toEqual([
      expect.objectContaining({ path: 'metadata.invoice.currency' }),
    ]);
    expect(await letterCount()).toBe(0);
  });

  it('returns the first answer for a retried Idempotency-Key and never delivers twice', async () => {
    const metadata = { recipient: { email: recipient.email }, subject: 'Once only' };
    const documents = [{ filename: 'a.pdf', content: await samplePdf('once') }];
    const headers = { 'idempotency-key': 'order-1' };
    const first = await postLetter(t.app, apiKey, metadata, { documents, headers });
    const retry = await postLetter(t.app, apiKey, metadata, { documents, headers });
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json().id).toBe(first.json().id);
    expect(await letterCount()).toBe(1);

    const different = await postLetter(
      t.app,
      apiKey,
      { ...metadata, subject: 'Other' },
      { documents, headers },
    );
    expect(different.statusCode).toBe(409);
    expect(different.json().code).toBe('CONFLICT');

    // Concurrent duplicates: one letter, one id for all.
    const concurrentHeaders = { 'idempotency-key': 'order-2' };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        postLetter(t.app, apiKey, metadata, { documents, headers: concurrentHeaders }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.json().id)).size).toBe(1);
    expect(await letterCount()).toBe(2);
  });

  it('authenticates by API key: missing, wrong, revoked and rotated keys answer 401', async () => {
    const metadata = { recipient: { email: recipient.email }, subject: 'Hi' };
    const missing = await t.app.inject({ url: '/api/sender/v1/messages' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().code).toBe('UNAUTHENTICATED');
    expect(missing.headers['www-authenticate']).toContain('Bearer');
    expect((await postLetter(t.app, `kuv_live_${'x'.repeat(43)}`, metadata)).statusCode).toBe(401);
    expect((await postLetter(t.app, 'not-a-key', metadata)).statusCode).toBe(401);

    const rotated = await rotateApiKey(t.app, providerId);
    expect((await postLetter(t.app, apiKey, metadata)).statusCode).toBe(401);
    expect((await postLetter(t.app, rotated, metadata)).statusCode).toBe(201);

    await revokeApiKeys(t.app, providerId);
    expect((await postLetter(t.app, rotated, metadata)).statusCode).toBe(401);
  });

  it('sets a webhook with a fresh secret each time', async () => {
    const headers = { authorization: `Bearer ${apiKey}` };
    const put = (url: string) =>
      t.app.inject({ method: 'PUT', url: '/api/sender/v1/webhook', headers, payload: { url } });
    const first = await put('https://hooks.example.com/kuvert');
    const second = await put('https://hooks.example.com/kuvert');
    expect(first.json().url).toBe('https://hooks.example.com/kuvert');
    expect(first.json().secret).not.toBe(second.json().secret);
    const current = await t.app.inject({ url: '/api/sender/v1/webhook', headers });
    expect(current.json()).toEqual(second.json());
    expect((await put('ftp://example.com')).statusCode).toBe(400);
  });
});
