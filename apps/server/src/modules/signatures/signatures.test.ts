import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { letterDetailSchema } from '@kuvert/shared/letters';
import {
  letterSignatureSchema,
  openSignatureRequestListSchema,
  type SignatureStrokes,
} from '@kuvert/shared/signatures';
import { createLoggedInUser, login } from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { dayFromToday } from '../../test/invoices.ts';
import { hasTool, removeTemporaryFolders, runTool, temporaryFolder } from '../../test/sealing.ts';
import {
  createTestProvider,
  personalAccountOf,
  postLetter,
  samplePdf,
} from '../../test/mailbox.ts';
import {
  deliverSignatureRequest,
  jobsOfType,
  letterOf,
  openCopyOf,
  signAs,
  type TestUser,
} from '../../test/signatures.ts';
import { SIGNATURE_SEAL_JOB } from './signature-job-types.ts';

describe.each(testEngines)('signature requests in the mailbox (%s)', (engine) => {
  let t: TestApp;
  let anna: TestUser;
  let ben: TestUser;
  let apiKey: string;

  beforeEach(async () => {
    t = await createTestApp(engine);
    anna = await createLoggedInUser(t.app, { firstName: 'Anna', lastName: 'Łukasz' });
    ben = await createLoggedInUser(t.app, { firstName: 'Ben', lastName: 'Zoë' });
    apiKey = (await createTestProvider(t.app, { name: 'Stadtwerke' })).apiKey;
  });
  afterEach(async () => t.close());

  const detail = async (user: TestUser, letterId: string) => {
    const response = await letterOf(t.app, user, letterId);
    expect(response.statusCode).toBe(200);
    return letterDetailSchema.parse(response.json());
  };
  const home = async (user: TestUser) => {
    const response = await t.app.inject({
      url: `/api/home?account_id=${personalAccountOf(user)}`,
      headers: { cookie: user.cookie },
    });
    return response.json().open_signature_requests;
  };
  const openList = async (user: TestUser) => {
    const response = await t.app.inject({
      url: '/api/signature-requests/open',
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode).toBe(200);
    return openSignatureRequestListSchema.parse(response.json()).items;
  };

  it('puts a copy in every signer’s inbox, with the same documents and the request on each', async () => {
    const letterId = await deliverSignatureRequest(t.app, apiKey, anna.email, {
      signers: [anna.email, ben.email],
      dueInDays: 5,
    });
    const annas = await detail(anna, letterId);
    expect(annas.kind).toBe('signature_request');
    expect(annas.signature).toMatchObject({
      status: 'pending',
      due_date: dayFromToday(t.app, 5),
      is_overdue: false,
      seal_status: null,
      sealed_document_id: null,
      my_status: 'pending',
      can_sign: true,
      cannot_sign_reason: null,
    });
    expect(annas.signature?.signers).toEqual([
      expect.objectContaining({ name: 'Anna Łukasz', email: anna.email, is_me: true }),
      expect.objectContaining({ name: 'Ben Zoë', email: ben.email, is_me: false }),
    ]);

    const bensId = await openCopyOf(t.app, ben);
    expect(bensId).not.toBe(letterId);
    const bens = await detail(ben, bensId);
    expect(bens.signature?.request_id).toBe(annas.signature?.request_id);
    expect(bens.signature?.signers.map((signer) => signer.is_me)).toEqual([false, true]);
    expect(bens.documents.map((document) => [document.filename, document.size])).toEqual(
      annas.documents.map((document) => [document.filename, document.size]),
    );
    // Each sees only their own copy: Ben cannot open Anna's letter.
    expect((await letterOf(t.app, ben, letterId)).statusCode).toBe(404);
    expect(await home(anna)).toBe(1);
    expect(await home(ben)).toBe(1);
  });

  it('gives the recipient a copy when they are not a signer, and waits only for the signers', async () => {
    const letterId = await deliverSignatureRequest(t.app, apiKey, anna.email, {
      signers: [ben.email],
    });
    const annas = await detail(anna, letterId);
    expect(annas.signature).toMatchObject({
      my_status: null,
      can_sign: false,
      cannot_sign_reason: 'not_a_signer',
    });
    expect(await home(anna)).toBe(0);
    expect(await openList(anna)).toEqual([]);
    expect(await home(ben)).toBe(1);
    const refused = await signAs(t.app, anna, letterId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
  });

  it('refuses an unknown signer naming the address, a due date gone by and documents that are no PDF', async () => {
    const unknown = await postLetter(t.app, apiKey, {
      recipient: { email: anna.email },
      subject: 'Sign',
      kind: 'signature_request',
      signature: {
        due_date: dayFromToday(t.app, 3),
        signers: [{ email: anna.email }, { email: 'nobody@example.com' }],
      },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({
      code: 'RECIPIENT_UNKNOWN',
      message: expect.stringContaining('nobody@example.com'),
      details: [
        expect.objectContaining({
          path: 'metadata.signature.signers[1].email',
          email: 'nobody@example.com',
        }),
      ],
    });
    expect(await openList(anna)).toEqual([]);

    const late = await postLetter(t.app, apiKey, {
      recipient: { email: anna.email },
      subject: 'Sign',
      kind: 'signature_request',
      signature: { due_date: dayFromToday(t.app, -1) },
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().details).toEqual([
      expect.objectContaining({ path: 'metadata.signature.due_date' }),
    ]);

    const image = await postLetter(
      t.app,
      apiKey,
      {
        recipient: { email: anna.email },
        subject: 'Sign',
        kind: 'signature_request',
        signature: { due_date: dayFromToday(t.app, 3) },
      },
      {
        documents: [
          { filename: 'contract.pdf', content: await samplePdf() },
          { filename: 'photo.png', content: Buffer.from('not a pdf at all') },
        ],
      },
    );
    expect(image.statusCode).toBe(415);
    expect(await openList(anna)).toEqual([]);
  });

  it.skipIf(!hasTool('qpdf'))(
    'refuses an encrypted PDF, which could never be sealed, naming it',
    async () => {
      const folder = temporaryFolder();
      const plain = path.join(folder, 'plain.pdf');
      const locked = path.join(folder, 'locked.pdf');
      writeFileSync(plain, await samplePdf());
      // An empty user password: it opens anywhere, yet no copy of it can be changed and sealed.
      runTool('qpdf', ['--encrypt', '', 'owner-secret', '256', '--', plain, locked]);
      const response = await postLetter(
        t.app,
        apiKey,
        {
          recipient: { email: anna.email },
          subject: 'Sign',
          kind: 'signature_request',
          signature: { due_date: dayFromToday(t.app, 3) },
        },
        { documents: [{ filename: 'vertrag.pdf', content: readFileSync(locked) }] },
      );
      removeTemporaryFolders();
      expect(response.statusCode).toBe(415);
      expect(response.json().message).toContain('“vertrag.pdf” is encrypted');
      expect(await openList(anna)).toEqual([]);
    },
  );

  it('signs typed, then drawn: pending until the last signer, then completed and queued for sealing once', async () => {
    const publish = vi.spyOn(t.app.events, 'publish');
    const letterId = await deliverSignatureRequest(t.app, apiKey, anna.email, {
      signers: [anna.email, ben.email],
    });
    const bensId = await openCopyOf(t.app, ben);

    const first = await signAs(t.app, anna, letterId, { typed_name: 'Anna Łukasz' });
    expect(first.statusCode).toBe(200);
    const afterFirst = letterSignatureSchema.parse(first.json());
    expect(afterFirst).toMatchObject({
      status: 'pending',
      my_status: 'signed',
      can_sign: false,
      cannot_sign_reason: 'already_signed',
    });
    expect(afterFirst.signers[0]).toMatchObject({
      status: 'signed',
      method: 'typed',
      signed_at: t.clock.now().toISOString(),
    });
    expect(publish).toHaveBeenCalledWith({
      type: 'signatures.changed',
      account_id: personalAccountOf(ben),
      letter_id: bensId,
    });
    expect(publish).toHaveBeenCalledWith({
      type: 'signatures.changed',
      account_id: personalAccountOf(anna),
      letter_id: letterId,
    });
    expect(await home(anna)).toBe(0);
    expect((await openList(ben))[0]).toMatchObject({ signers_total: 2, signers_signed: 1 });
    expect(await jobsOfType(t.app, SIGNATURE_SEAL_JOB)).toEqual([]);

    const strokes: SignatureStrokes = [
      [
        [0.1, 0.5],
        [0.4, 0.2],
        [0.9, 0.6],
      ],
    ];
    const second = await signAs(t.app, ben, bensId, { method: 'drawn', strokes });
    expect(second.statusCode).toBe(200);
    expect(letterSignatureSchema.parse(second.json())).toMatchObject({
      status: 'completed',
      completed_at: t.clock.now().toISOString(),
      seal_status: 'sealing',
    });
    expect((await detail(anna, letterId)).signature?.status).toBe('completed');
    expect(await jobsOfType(t.app, SIGNATURE_SEAL_JOB)).toEqual([
      expect.objectContaining({ payload: { request_id: afterFirst.request_id } }),
    ]);
    expect(await openList(ben)).toEqual([]);
    expect(await home(ben)).toBe(0);

    const signers = await t.app.db
      .selectFrom('signature_signers')
      .selectAll()
      .orderBy('position')
      .execute();
    expect(signers.map((signer) => [signer.signer_name, signer.identified_by])).toEqual([
      ['Anna Łukasz', 'password'],
      ['Ben Zoë', 'password'],
    ]);
    expect(signers[1]?.user_agent).toBe('Kuvert test browser');
    expect(signers[1]?.ip_address).toBeTruthy();
    expect(JSON.parse(signers[1]?.strokes ?? 'null')).toEqual(strokes);

    const audit = await t.app.inject({
      url: '/api/profile/audit-events',
      headers: { cookie: ben.cookie },
    });
    expect(
      audit.json().events.filter((event: { type: string }) => event.type === 'document_signed'),
    ).toHaveLength(1);
  });

  it('does not sign with a wrong password, nor with a session alone', async () => {
    const letterId = await deliverSignatureRequest(t.app, apiKey, anna.email);
    const wrong = await signAs(t.app, anna, letterId, { password: 'not my password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('PASSWORD_WRONG');
    const without = await t.app.inject({
      method: 'POST',
      url: `/api/letters/${letterId}/signature/sign`,
      headers: anna.headers,
      payload: { method: 'typed', typed_name: 'Anna', consent: true },
    });
    expect(without.statusCode).toBe(400);
    const noConsent = await signAs(t.app, anna, letterId, { consent: undefined });
    expect(noConsent.statusCode).toBe(400);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: `/api/letters/${letterId}/signature/sign`,
      headers: { cookie: anna.cookie },
      payload: { method: 'typed', typed_name: 'Anna', consent: true, password: anna.password },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect((await detail(anna, letterId)).signature?.my_status).toBe('pending');
  });

  it('lists what waits across accounts, earliest due first, and drops what passed its due date', async () => {
    const later = await deliverSignatureRequest(t.app, apiKey, anna.email, {
      subject: 'Later',
      dueInDays: 9,
    });
    const sooner = await deliverSignatureRequest(t.app, apiKey, anna.email, {
      subject: 'Sooner',
      dueInDays: 1,
    });
    const items = await openList(anna);
    expect(items.map((item) => item.letter_id)).toEqual([sooner, later]);
    expect(items[0]).toMatchObject({
      account_id: personalAccountOf(anna),
      subject: 'Sooner',
      provider: expect.objectContaining({ name: 'Stadtwerke' }),
      is_overdue: false,
      signers_total: 1,
      signers_signed: 0,
    });

    t.clock.advanceSeconds(2 * 24 * 3600);
    anna = { ...anna, ...(await login(t.app, anna.email, anna.password)) };
    const afterwards = await openList(anna);
    expect(afterwards.map((item) => [item.subject, item.is_overdue])).toEqual([['Later', false]]);
    // Past its due date nobody signs, even before the expiry job ran, and home stops counting it.
    const closed = await signAs(t.app, anna, sooner);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('SIGNATURE_CLOSED');
    expect((await detail(anna, sooner)).signature).toMatchObject({
      status: 'pending',
      is_overdue: true,
      can_sign: false,
      cannot_sign_reason: 'expired',
    });
    expect(await home(anna)).toBe(1);
  });
});
