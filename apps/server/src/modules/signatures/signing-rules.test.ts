import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { letterSignatureSchema } from '@kuvert/shared/signatures';
import * as passwords from '../../plugins/passwords.ts';
import { createLoggedInUser } from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { addMember, createTestProvider, personalAccountOf } from '../../test/mailbox.ts';
import {
  declineAs,
  deliverSignatureRequest,
  jobsOfType,
  letterOf,
  openCopyOf,
  signAs,
  type TestUser,
} from '../../test/signatures.ts';
import { SIGNATURE_SEAL_JOB } from './signature-job-types.ts';

describe.each(testEngines)('who may sign, and when (%s)', (engine) => {
  let t: TestApp;
  let anna: TestUser;
  let ben: TestUser;
  let apiKey: string;

  beforeEach(async () => {
    t = await createTestApp(engine);
    anna = await createLoggedInUser(t.app);
    ben = await createLoggedInUser(t.app);
    apiKey = (await createTestProvider(t.app)).apiKey;
  });
  afterEach(async () => t.close());

  it('shows a viewer the request but refuses their signature (403); strangers get 404', async () => {
    const viewer = await createLoggedInUser(t.app);
    const stranger = await createLoggedInUser(t.app);
    await addMember(t.app, personalAccountOf(anna), viewer.user.id, 'viewer');
    const letterId = await deliverSignatureRequest(t.app, apiKey, anna.email);

    const seen = await letterOf(t.app, viewer, letterId);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().signature).toMatchObject({
      status: 'pending',
      my_status: null,
      can_sign: false,
      cannot_sign_reason: 'viewer',
    });
    const refused = await signAs(t.app, viewer, letterId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    expect((await declineAs(t.app, viewer, letterId)).statusCode).toBe(403);

    expect((await letterOf(t.app, stranger, letterId)).statusCode).toBe(404);
    expect((await signAs(t.app, stranger, letterId)).statusCode).toBe(404);
    expect((await declineAs(t.app, stranger, letterId)).statusCode).toBe(404);
    expect((await letterOf(t.app, anna, letterId)).json().signature.my_status).toBe('pending');
  });

  it('declines with a reason: declined at once for everyone, nobody signs after, sealed once', async () => {
    const letterId = await deliverSignatureRequest(t.app, apiKey, anna.email, {
      signers: [anna.email, ben.email],
    });
    const bensId = await openCopyOf(t.app, ben);
    expect((await declineAs(t.app, ben, bensId, '')).statusCode).toBe(400);

    const declined = await declineAs(t.app, ben, bensId, 'The notice period is wrong');
    expect(declined.statusCode).toBe(200);
    expect(letterSignatureSchema.parse(declined.json())).toMatchObject({
      status: 'declined',
      declined_at: t.clock.now().toISOString(),
      my_status: 'declined',
      cannot_sign_reason: 'already_declined',
      seal_status: 'sealing',
    });
    const annas = (await letterOf(t.app, anna, letterId)).json().signature;
    expect(annas).toMatchObject({
      status: 'declined',
      can_sign: false,
      cannot_sign_reason: 'closed',
    });
    expect(annas.signers[1]).toMatchObject({
      status: 'declined',
      declined_reason: 'The notice period is wrong',
    });

    const late = await signAs(t.app, anna, letterId);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('SIGNATURE_CLOSED');
    expect((await declineAs(t.app, anna, letterId)).statusCode).toBe(409);
    // Declining twice (a double click) records it once.
    expect((await declineAs(t.app, ben, bensId, 'Again')).statusCode).toBe(200);
    expect(await jobsOfType(t.app, SIGNATURE_SEAL_JOB)).toHaveLength(1);
    const audit = await t.app.inject({
      url: '/api/profile/audit-events',
      headers: { cookie: ben.cookie },
    });
    expect(
      audit.json().events.filter((event: { type: string }) => event.type === 'signature_declined'),
    ).toHaveLength(1);
  });

  it('checks no more passwords than the limit among 40 parallel guesses', async () => {
    const letterId = await deliverSignatureRequest(t.app, apiKey, anna.email);
    const max = t.config.loginMaxAttemptsPerAccount;
    const checks = vi.spyOn(passwords, 'verifyPassword');
    try {
      const responses = await Promise.all(
        Array.from({ length: 40 }, () => signAs(t.app, anna, letterId, { password: 'a guess' })),
      );
      const codes = responses.map((response) => response.json().code);
      expect(codes.filter((code) => code === 'PASSWORD_WRONG')).toHaveLength(max);
      expect(codes.filter((code) => code === 'RATE_LIMITED')).toHaveLength(40 - max);
      expect(checks).toHaveBeenCalledTimes(max);
      // Locked: the right password too is refused without being checked.
      const locked = await signAs(t.app, anna, letterId);
      expect(locked.statusCode).toBe(429);
      expect(checks).toHaveBeenCalledTimes(max);
    } finally {
      checks.mockRestore();
    }
    expect((await letterOf(t.app, anna, letterId)).json().signature.my_status).toBe('pending');
  });

  it('records a double click (two tabs in parallel) once', async () => {
    const letterId = await deliverSignatureRequest(t.app, apiKey, anna.email);
    const responses = await Promise.all([
      signAs(t.app, anna, letterId),
      signAs(t.app, anna, letterId),
      signAs(t.app, anna, letterId),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    const signedAt = responses.map((response) => response.json().signers[0].signed_at);
    expect(new Set(signedAt).size).toBe(1);
    expect(responses.every((response) => response.json().status === 'completed')).toBe(true);
    expect(await jobsOfType(t.app, SIGNATURE_SEAL_JOB)).toHaveLength(1);
    const audit = await t.app.inject({
      url: '/api/profile/audit-events',
      headers: { cookie: anna.cookie },
    });
    expect(
      audit.json().events.filter((event: { type: string }) => event.type === 'document_signed'),
    ).toHaveLength(1);
  });

  it('completes once and queues one seal when the last two signers sign at the same moment', async () => {
    const carla = await createLoggedInUser(t.app);
    const letterId = await deliverSignatureRequest(t.app, apiKey, anna.email, {
      signers: [anna.email, ben.email, carla.email],
    });
    const bensId = await openCopyOf(t.app, ben);
    const carlasId = await openCopyOf(t.app, carla);
    expect((await signAs(t.app, carla, carlasId)).statusCode).toBe(200);

    const [annas, bens] = await Promise.all([
      signAs(t.app, anna, letterId),
      signAs(t.app, ben, bensId),
    ]);
    expect([annas.statusCode, bens.statusCode]).toEqual([200, 200]);
    const final = (await letterOf(t.app, anna, letterId)).json().signature;
    expect(final.status).toBe('completed');
    expect(final.signers.map((signer: { status: string }) => signer.status)).toEqual([
      'signed',
      'signed',
      'signed',
    ]);
    expect(await jobsOfType(t.app, SIGNATURE_SEAL_JOB)).toHaveLength(1);
  });

  it('lets only one of a signature and a decline at the same moment through to the outcome', async () => {
    const letterId = await deliverSignatureRequest(t.app, apiKey, anna.email, {
      signers: [anna.email, ben.email],
    });
    const bensId = await openCopyOf(t.app, ben);
    const [signed, declined] = await Promise.all([
      signAs(t.app, anna, letterId),
      declineAs(t.app, ben, bensId),
    ]);
    const final = (await letterOf(t.app, anna, letterId)).json().signature;
    expect(final.status).toBe('declined');
    expect(declined.statusCode).toBe(200);
    // Anna either signed before Ben declined, or found it closed and did not sign.
    expect([
      [200, 'signed'],
      [409, 'pending'],
    ]).toContainEqual([signed.statusCode, final.signers[0].status]);
    expect(await jobsOfType(t.app, SIGNATURE_SEAL_JOB)).toHaveLength(1);
  });
});
