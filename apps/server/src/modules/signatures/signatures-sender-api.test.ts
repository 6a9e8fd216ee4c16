import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { letterDetailSchema } from '@kuvert/shared/letters';
import {
  senderLetterStatusSchema,
  signatureWebhookDataSchema,
  webhookEventTypeSchema,
} from '@kuvert/shared/sender-api';
import { z } from 'zod';
import { verifyWebhookSignature } from '../../lib/webhooks.ts';
import { createLoggedInUser } from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { createTestProvider, personalAccountOf } from '../../test/mailbox.ts';
import { hasTool, runTool } from '../../test/sealing.ts';
import {
  declineAs,
  deliverSignatureRequest,
  letterOf,
  openCopyOf,
  signAs,
  type TestUser,
} from '../../test/signatures.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.ts';

const webhookEventSchema = z.object({
  id: z.string(),
  type: webhookEventTypeSchema,
  created_at: z.iso.datetime(),
  data: z.unknown(),
});

describe.each(testEngines)('signature requests in the Sender API (%s)', (engine) => {
  let t: TestApp;
  let anna: TestUser;
  let ben: TestUser;
  let receiver: WebhookReceiver;
  let provider: Awaited<ReturnType<typeof createTestProvider>>;

  beforeEach(async () => {
    t = await createTestApp(engine);
    receiver = await startWebhookReceiver();
    anna = await createLoggedInUser(t.app, { firstName: 'Anna', lastName: 'Łukasz' });
    ben = await createLoggedInUser(t.app, { firstName: 'Şükrü', lastName: 'Zoë' });
    provider = await createTestProvider(t.app, {
      name: 'Hausverwaltung',
      webhookUrl: receiver.url,
    });
  });
  afterEach(async () => {
    await t.close();
    await receiver.close();
  });

  const api = (url: string, method: 'GET' | 'POST' = 'GET', key = provider.apiKey) =>
    t.app.inject({
      method,
      url: `/api/sender/v1${url}`,
      headers: { authorization: `Bearer ${key}` },
    });
  const status = async (id: string) => {
    const response = await api(`/letters/${id}`);
    expect(response.statusCode).toBe(200);
    return senderLetterStatusSchema.parse(response.json());
  };
  const runJobs = async () => {
    while ((await t.app.jobs.runDueJobs()) > 0);
  };
  /** The signature.* events the receiver got, each checked against its HMAC signature. */
  const verifiedEvents = () =>
    receiver.received.map((request) => {
      const header = request.headers['kuvert-signature'];
      expect(
        verifyWebhookSignature({
          secret: provider.webhookSecret ?? '',
          header: typeof header === 'string' ? header : '',
          body: request.body,
          now: t.clock.now(),
        }),
      ).toBe(true);
      return webhookEventSchema.parse(JSON.parse(request.body));
    });

  it('two signers: completed, sealed onto both letters, a verified webhook, a valid signed PDF', async () => {
    const letterId = await deliverSignatureRequest(t.app, provider.apiKey, anna.email, {
      signers: [anna.email, ben.email],
      subject: 'Mietvertrag',
      externalId: 'lease-7',
    });
    expect((await status(letterId)).signature).toMatchObject({
      status: 'pending',
      completed_at: null,
      sealed_at: null,
      signers: [
        { email: anna.email, status: 'pending', signed_at: null },
        { email: ben.email, status: 'pending', signed_at: null },
      ],
    });
    const pending = await api(`/letters/${letterId}/signed-document`);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().code).toBe('SIGNATURE_PENDING');

    expect((await signAs(t.app, anna, letterId, { typed_name: 'Anna Łukasz' })).statusCode).toBe(
      200,
    );
    const bensId = await openCopyOf(t.app, ben);
    const drawn = await signAs(t.app, ben, bensId, {
      method: 'drawn',
      strokes: [
        [
          [0.1, 0.6],
          [0.5, 0.2],
          [0.9, 0.7],
        ],
      ],
    });
    expect(drawn.json().status).toBe('completed');
    // Completed but not sealed yet: still pending for the download.
    expect((await api(`/letters/${letterId}/signed-document`)).json().code).toBe(
      'SIGNATURE_PENDING',
    );

    const publish = vi.spyOn(t.app.events, 'publish');
    await runJobs();
    expect(publish).toHaveBeenCalledWith({
      type: 'signatures.changed',
      account_id: personalAccountOf(ben),
      letter_id: bensId,
    });
    for (const [user, id] of [
      [anna, letterId],
      [ben, bensId],
    ] as const) {
      const letter = letterDetailSchema.parse((await letterOf(t.app, user, id)).json());
      const sealed = letter.documents.find((document) => document.role === 'sealed');
      expect(sealed?.filename).toBe('Mietvertrag – signed.pdf');
      expect(letter.signature).toMatchObject({
        status: 'completed',
        seal_status: 'sealed',
        sealed_document_id: sealed?.id,
      });
      const content = await t.app.inject({
        url: `/api/letters/${id}/documents/${sealed?.id}/content`,
        headers: { cookie: user.cookie },
      });
      expect(content.headers['content-type']).toBe('application/pdf');
    }

    const signature = (await status(letterId)).signature;
    expect(signature).toMatchObject({ status: 'completed', sealed_at: expect.any(String) });
    const events = verifiedEvents().filter((event) => event.type.startsWith('signature.'));
    expect(events).toHaveLength(1);
    expect(events[0]?.type).toBe('signature.completed');
    const data = signatureWebhookDataSchema.parse(events[0]?.data);
    expect(data).toMatchObject({
      letter_id: letterId,
      external_id: 'lease-7',
      status: 'completed',
      declined_reason: null,
      signed_document_url: `http://localhost:3000/api/sender/v1/letters/${letterId}/signed-document`,
    });
    expect(data.signers.map((signer) => signer.status)).toEqual(['signed', 'signed']);

    const download = await api(`/letters/${letterId}/signed-document`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(String(download.headers['content-disposition'])).toMatch(/^attachment;/);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(data.signed_document_sha256).toMatch(/^[0-9a-f]{64}$/);
    const other = await createTestProvider(t.app);
    expect(
      (await api(`/letters/${letterId}/signed-document`, 'GET', other.apiKey)).statusCode,
    ).toBe(404);
    expect((await api(`/letters/${letterId}`, 'GET', other.apiKey)).statusCode).toBe(404);
  });

  it.skipIf(!hasTool('pdfsig'))('answers a signed-document that pdfsig finds valid', async () => {
    const letterId = await deliverSignatureRequest(t.app, provider.apiKey, anna.email);
    expect((await signAs(t.app, anna, letterId)).statusCode).toBe(200);
    await runJobs();
    const download = await api(`/letters/${letterId}/signed-document`);
    expect(download.statusCode).toBe(200);
    const file = path.join(t.config.dataDir, 'signed.pdf');
    writeFileSync(file, download.rawPayload);
    const report = runTool('pdfsig', [file]);
    expect(report).toContain('Signature is Valid.');
    expect(report).toContain('ETSI.CAdES.detached');
  });

  it('a decline with a reason seals a declined copy and sends signature.declined with the reason', async () => {
    const letterId = await deliverSignatureRequest(t.app, provider.apiKey, anna.email, {
      signers: [anna.email, ben.email],
      subject: 'Vertrag',
    });
    expect((await signAs(t.app, anna, letterId)).statusCode).toBe(200);
    const bensId = await openCopyOf(t.app, ben);
    expect((await declineAs(t.app, ben, bensId, 'Die Miete in § 3 stimmt nicht.')).statusCode).toBe(
      200,
    );
    await runJobs();
    const events = verifiedEvents().filter((event) => event.type.startsWith('signature.'));
    expect(events.map((event) => event.type)).toEqual(['signature.declined']);
    expect(signatureWebhookDataSchema.parse(events[0]?.data)).toMatchObject({
      status: 'declined',
      declined_reason: 'Die Miete in § 3 stimmt nicht.',
      signers: [
        expect.objectContaining({ status: 'signed' }),
        expect.objectContaining({
          status: 'declined',
          declined_reason: 'Die Miete in § 3 stimmt nicht.',
        }),
      ],
    });
    const download = await api(`/letters/${letterId}/signed-document`);
    expect(download.statusCode).toBe(200);
    expect(String(download.headers['content-disposition'])).toContain('declined.pdf');
  });

  it('cancels a pending request: the signers see it at once and cannot sign; 409 once closed', async () => {
    const letterId = await deliverSignatureRequest(t.app, provider.apiKey, anna.email, {
      signers: [anna.email, ben.email],
    });
    const bensId = await openCopyOf(t.app, ben);
    const publish = vi.spyOn(t.app.events, 'publish');
    const cancel = (id: string, key?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/sender/v1/letters/${id}/cancel-signature`,
        headers: {
          authorization: `Bearer ${provider.apiKey}`,
          ...(key ? { 'idempotency-key': key } : {}),
        },
      });
    const other = await createTestProvider(t.app);
    expect(
      (await api(`/letters/${letterId}/cancel-signature`, 'POST', other.apiKey)).statusCode,
    ).toBe(404);

    const cancelled = await cancel(letterId, 'cancel-0001');
    expect(cancelled.statusCode).toBe(200);
    expect(senderLetterStatusSchema.parse(cancelled.json()).signature).toMatchObject({
      status: 'cancelled',
      cancelled_at: t.clock.now().toISOString(),
    });
    expect(publish).toHaveBeenCalledWith({
      type: 'signatures.changed',
      account_id: personalAccountOf(ben),
      letter_id: bensId,
    });
    expect((await letterOf(t.app, ben, bensId)).json().signature).toMatchObject({
      status: 'cancelled',
      can_sign: false,
      cannot_sign_reason: 'closed',
    });
    const refused = await signAs(t.app, ben, bensId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('SIGNATURE_CLOSED');
    expect((await cancel(letterId, 'cancel-0001')).json()).toEqual(cancelled.json());
    expect((await api(`/letters/${letterId}/signed-document`)).json().code).toBe(
      'SIGNATURE_CLOSED',
    );

    const signed = await deliverSignatureRequest(t.app, provider.apiKey, anna.email);
    expect((await signAs(t.app, anna, signed)).statusCode).toBe(200);
    const late = await cancel(signed);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('SIGNATURE_CLOSED');
  });

  it("tells the provider letter.read once, for the letter it knows, not for other signers' copies", async () => {
    const letterId = await deliverSignatureRequest(t.app, provider.apiKey, anna.email, {
      signers: [anna.email, ben.email],
    });
    const bensId = await openCopyOf(t.app, ben);
    for (const [user, id] of [
      [ben, bensId],
      [anna, letterId],
    ] as const) {
      const read = await t.app.inject({
        method: 'POST',
        url: `/api/letters/${id}/read`,
        headers: user.headers,
      });
      expect(read.statusCode).toBe(204);
    }
    await runJobs();
    const reads = verifiedEvents().filter((event) => event.type === 'letter.read');
    expect(reads.map((event) => z.object({ letter_id: z.string() }).parse(event.data))).toEqual([
      { letter_id: letterId },
    ]);
  });

  it('documents the signature routes and the webhook payload in the OpenAPI document', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    const document = response.json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/sender/v1/letters/{id}/signed-document',
        '/api/sender/v1/letters/{id}/cancel-signature',
        '/api/letters/{id}/signature/sign',
        '/api/letters/{id}/signature/decline',
        '/api/signature-requests/open',
      ]),
    );
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining([
        'SenderSignatureStatus',
        'LetterSignature',
        'SignRequest',
        'SenderWebhookSignature',
      ]),
    );
  });
});
