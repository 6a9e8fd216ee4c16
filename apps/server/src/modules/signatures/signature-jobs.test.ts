import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { senderLetterStatusSchema } from '@kuvert/shared/sender-api';
import { referencedKeysAfter } from '../../plugins/storage/document-migration.ts';
import { COLLECT_GRACE_SECONDS } from '../../documents/document-collection.ts';
import { createLoggedInUser, login } from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { createTestProvider, personalAccountOf } from '../../test/mailbox.ts';
import {
  deliverSignatureRequest,
  jobsOfType,
  letterOf,
  openCopyOf,
  signAs,
  type TestUser,
} from '../../test/signatures.ts';
import { scheduleSignatureExpiry } from './signature-jobs.ts';

const HOUR = 3600;
const DAY = 24 * HOUR;

describe.each(testEngines)('signature jobs (%s)', (engine) => {
  let t: TestApp;
  let anna: TestUser;
  let ben: TestUser;
  let provider: Awaited<ReturnType<typeof createTestProvider>>;

  beforeEach(async () => {
    t = await createTestApp(engine);
    anna = await createLoggedInUser(t.app);
    ben = await createLoggedInUser(t.app);
    provider = await createTestProvider(t.app, { webhookUrl: 'https://hooks.provider.example/k' });
  });
  afterEach(async () => t.close());

  const status = async (id: string) => {
    const response = await t.app.inject({
      url: `/api/sender/v1/letters/${id}`,
      headers: { authorization: `Bearer ${provider.apiKey}` },
    });
    return senderLetterStatusSchema.parse(response.json());
  };
  const runJobs = async () => {
    while ((await t.app.jobs.runDueJobs()) > 0);
  };
  const relogin = async (user: TestUser): Promise<TestUser> => ({
    ...user,
    ...(await login(t.app, user.email, user.password)),
  });

  it('expires a pending request after its due date, tells the provider and the signers', async () => {
    const letterId = await deliverSignatureRequest(t.app, provider.apiKey, anna.email, {
      signers: [anna.email, ben.email],
      dueInDays: 1,
      externalId: 'offer-3',
    });
    const bensId = await openCopyOf(t.app, ben);
    const waiting = await deliverSignatureRequest(t.app, provider.apiKey, anna.email, {
      dueInDays: 9,
    });
    await scheduleSignatureExpiry(t.app);
    await runJobs();
    expect((await status(letterId)).signature?.status).toBe('pending');

    const publish = vi.spyOn(t.app.events, 'publish');
    t.clock.advanceSeconds(2 * DAY + HOUR);
    await runJobs();
    const expired = await status(letterId);
    expect(expired.signature).toMatchObject({
      status: 'expired',
      expired_at: expect.any(String),
      signers: [
        expect.objectContaining({ status: 'pending' }),
        expect.objectContaining({ status: 'pending' }),
      ],
    });
    expect((await status(waiting)).signature?.status).toBe('pending');
    expect(publish).toHaveBeenCalledWith({
      type: 'signatures.changed',
      account_id: personalAccountOf(ben),
      letter_id: bensId,
    });
    const webhooks = await jobsOfType(t.app, 'webhook.deliver');
    const sent = webhooks.filter((job) => job.payload.type === 'signature.expired');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.payload.data).toMatchObject({
      letter_id: letterId,
      external_id: 'offer-3',
      status: 'expired',
      signed_document_url: null,
    });

    ben = await relogin(ben);
    expect((await letterOf(t.app, ben, bensId)).json().signature).toMatchObject({
      status: 'expired',
      can_sign: false,
      cannot_sign_reason: 'expired',
    });
    const refused = await signAs(t.app, ben, bensId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('SIGNATURE_CLOSED');
    // The next run is queued: the job keeps itself going.
    expect(
      (await jobsOfType(t.app, 'signature.expiry')).filter((job) => job.status === 'pending'),
    ).toHaveLength(1);
  });

  it('marks the seal failed after the last attempt, when the originals cannot be read', async () => {
    const letterId = await deliverSignatureRequest(t.app, provider.apiKey, anna.email);
    const keys = await t.app.db.selectFrom('letter_documents').select('storage_key').execute();
    for (const { storage_key: key } of keys) {
      await t.app.documents.collect(key, new Date(t.clock.now().getTime() + DAY));
    }
    expect((await signAs(t.app, anna, letterId)).statusCode).toBe(200);
    for (let attempt = 0; attempt < 8; attempt += 1) {
      await runJobs();
      t.clock.advanceSeconds(2 * HOUR);
    }
    anna = await relogin(anna);
    expect((await letterOf(t.app, anna, letterId)).json().signature).toMatchObject({
      status: 'completed',
      seal_status: 'failed',
      sealed_document_id: null,
    });
    const download = await t.app.inject({
      url: `/api/sender/v1/letters/${letterId}/signed-document`,
      headers: { authorization: `Bearer ${provider.apiKey}` },
    });
    expect(download.json().code).toBe('SIGNATURE_PENDING');
  });

  it('keeps the sealed PDF for the provider after every signer deleted their letter for good', async () => {
    const letterId = await deliverSignatureRequest(t.app, provider.apiKey, anna.email);
    expect((await signAs(t.app, anna, letterId)).statusCode).toBe(200);
    await runJobs();
    for (const action of ['trash', 'delete_forever']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/letters/bulk',
        headers: anna.headers,
        payload: { letter_ids: [letterId], action },
      });
      expect(response.statusCode).toBe(200);
    }
    t.clock.advanceSeconds(COLLECT_GRACE_SECONDS + 120);
    await runJobs();
    const download = await t.app.inject({
      url: `/api/sender/v1/letters/${letterId}/signed-document`,
      headers: { authorization: `Bearer ${provider.apiKey}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // `kuvert storage migrate` copies it too.
    const { sealed_storage_key: key } = await t.app.db
      .selectFrom('signature_requests')
      .select('sealed_storage_key')
      .executeTakeFirstOrThrow();
    expect(await referencedKeysAfter(t.app.db, '', 100)).toEqual([key]);
  });
});
