import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { letterDetailSchema } from '@kuvert/shared/letters';
import { senderLetterStatusSchema } from '@kuvert/shared/sender-api';
import { letterSignatureSchema, verifyDocumentResultSchema } from '@kuvert/shared/signatures';
import { createLoggedInUser } from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import {
  completeVerification,
  completionOf,
  freePort,
  startVerification,
  SUBSTANTIAL,
  TestBrowser,
  type SessionHeaders,
} from '../../test/identity.ts';
import { dayFromToday } from '../../test/invoices.ts';
import { createTestProvider, multipart, postLetter } from '../../test/mailbox.ts';
import { hasTool, runTool } from '../../test/sealing.ts';
import {
  declineAs,
  deliverSignatureRequest,
  letterOf,
  openCopyOf,
  signAs,
  type TestUser,
} from '../../test/signatures.ts';

describe.each(testEngines)('signing with a verified identity (%s)', (engine) => {
  let t: TestApp;
  let base: string;
  let returnPrefix: string;
  let provider: Awaited<ReturnType<typeof createTestProvider>>;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    returnPrefix = `${base}/verify/id_process_id/`;
    t = await createTestApp(engine, { PUBLIC_URL: base });
    await t.app.listen({ port, host: '127.0.0.1' });
    provider = await createTestProvider(t.app, { name: 'Hausverwaltung' });
  });
  afterAll(async () => t.close());

  const api = (url: string) =>
    t.app.inject({
      url: `/api/sender/v1${url}`,
      headers: { authorization: `Bearer ${provider.apiKey}` },
    });
  const runJobs = async () => {
    while ((await t.app.jobs.runDueJobs()) > 0);
  };
  const signatureOf = async (user: TestUser, letterId: string) => {
    const response = await letterOf(t.app, user, letterId);
    expect(response.statusCode).toBe(200);
    return letterDetailSchema.parse(response.json()).signature;
  };

  /** The profile's verification with the built-in test provider, as a browser does it. */
  async function verify(headers: SessionHeaders): Promise<void> {
    const authorizationUrl = await startVerification(t.app, headers);
    const browser = new TestBrowser();
    const opened = await browser.follow(
      { url: authorizationUrl, response: await browser.request(authorizationUrl) },
      returnPrefix,
    );
    if (!opened.response) throw new Error('the provider sent the browser back without a page');
    const submitted = await browser.request(opened.url, {
      method: 'POST',
      form: { choice: 'preset-0', acr: SUBSTANTIAL },
      origin: base,
    });
    const back = await browser.follow({ url: opened.url, response: submitted }, returnPrefix);
    if (back.response) throw new Error(`no way back: ${back.response.status}`);
    const completed = await completeVerification(
      t.app,
      headers,
      completionOf(back.url, returnPrefix),
    );
    expect(completed.statusCode).toBe(200);
  }

  it('describes the requirement in the OpenAPI document', async () => {
    const document = await t.app.inject({ url: '/api/docs/json' });
    const schemas = document.json().components.schemas;
    const signer = schemas.SenderSignatureMetadata.properties.signers.items;
    expect(signer.properties.identity).toMatchObject({ enum: ['verified'] });
    expect(signer.properties.identity.description).toContain('verified over OpenID Connect');
    expect(Object.keys(schemas.SenderSignerStatus.properties)).toEqual(
      expect.arrayContaining(['identity_requirement', 'verified_identity']),
    );
  });

  it('refuses a requirement it does not know, naming the field, and delivers nothing', async () => {
    const anna = await createLoggedInUser(t.app);
    const response = await postLetter(t.app, provider.apiKey, {
      recipient: { email: anna.email },
      subject: 'Sign',
      kind: 'signature_request',
      signature: {
        due_date: dayFromToday(t.app, 3),
        signers: [{ email: anna.email, identity: 'passport' }],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(response.json().details)).toContain('identity');
    const inbox = await t.app.inject({
      url: '/api/signature-requests/open',
      headers: anna.headers,
    });
    expect(inbox.json().items).toEqual([]);
  });

  it('lets a signer without a verified identity decline', async () => {
    const anna = await createLoggedInUser(t.app);
    const letterId = await deliverSignatureRequest(t.app, provider.apiKey, anna.email, {
      signers: [{ email: anna.email, identity: 'verified' }],
    });
    const declined = await declineAs(t.app, anna, letterId, 'I do not know this sender');
    expect(declined.statusCode).toBe(200);
    expect(letterSignatureSchema.parse(declined.json())).toMatchObject({
      status: 'declined',
      needs_verified_identity: false,
    });
  });

  it('refuses to sign before the identity is verified, signs after it, and the audit page names the identity provider', async () => {
    const anna = await createLoggedInUser(t.app, { firstName: 'Anna', lastName: 'Łukasz' });
    const ben = await createLoggedInUser(t.app, { firstName: 'Ben', lastName: 'Zoë' });
    const letterId = await deliverSignatureRequest(t.app, provider.apiKey, anna.email, {
      signers: [{ email: anna.email, identity: 'verified' }, ben.email],
      subject: 'Mietvertrag',
    });

    // The panel learns it before anyone types a password; Ben has no such requirement.
    expect(await signatureOf(anna, letterId)).toMatchObject({
      can_sign: true,
      needs_verified_identity: true,
    });
    expect((await signatureOf(anna, letterId))?.signers[0]).toMatchObject({
      identity_requirement: 'verified',
      verified_identity: null,
    });
    const bensId = await openCopyOf(t.app, ben);
    expect(await signatureOf(ben, bensId)).toMatchObject({ needs_verified_identity: false });
    const before = await api(`/letters/${letterId}`);
    expect(senderLetterStatusSchema.parse(before.json()).signature?.signers).toEqual([
      expect.objectContaining({ identity_requirement: 'verified', verified_identity: null }),
      expect.objectContaining({ identity_requirement: null, verified_identity: null }),
    ]);

    const refused = await signAs(t.app, anna, letterId, { typed_name: 'Anna Łukasz' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('IDENTITY_VERIFICATION_REQUIRED');
    // Not even a wrong password is counted: the refusal comes first.
    const wrongPassword = await signAs(t.app, anna, letterId, { password: 'not mine' });
    expect(wrongPassword.json().code).toBe('IDENTITY_VERIFICATION_REQUIRED');
    expect((await signatureOf(anna, letterId))?.my_status).toBe('pending');

    expect((await signAs(t.app, ben, bensId, { typed_name: 'Ben Zoë' })).statusCode).toBe(200);

    await verify(anna.headers);
    expect(await signatureOf(anna, letterId)).toMatchObject({
      can_sign: true,
      needs_verified_identity: false,
    });
    const signed = await signAs(t.app, anna, letterId, { typed_name: 'Anna Łukasz' });
    expect(signed.statusCode).toBe(200);
    const issuer = `${base}/test-idp`;
    expect(letterSignatureSchema.parse(signed.json())).toMatchObject({
      status: 'completed',
      my_status: 'signed',
      signers: [
        expect.objectContaining({
          verified_identity: { issuer, acr: SUBSTANTIAL, name: 'Erika Mustermann' },
        }),
        expect.objectContaining({ verified_identity: null }),
      ],
    });

    await runJobs();
    const after = senderLetterStatusSchema.parse((await api(`/letters/${letterId}`)).json());
    expect(after.signature?.sealed_at).not.toBeNull();
    expect(after.signature?.signers).toEqual([
      expect.objectContaining({
        status: 'signed',
        identity_requirement: 'verified',
        verified_identity: { issuer, acr: SUBSTANTIAL, name: 'Erika Mustermann' },
      }),
      expect.objectContaining({ status: 'signed', verified_identity: null }),
    ]);

    const download = await api(`/letters/${letterId}/signed-document`);
    expect(download.statusCode).toBe(200);

    // The public "verify a document" page says it of the signer too, like the audit page.
    const body = multipart([
      { name: 'file', filename: 'Mietvertrag.pdf', content: download.rawPayload },
    ]);
    const checked = await t.app.inject({
      method: 'POST',
      url: '/api/verify-document',
      headers: { 'content-type': body.contentType, origin: base },
      payload: body.payload,
    });
    expect(checked.statusCode).toBe(200);
    const [seal] = verifyDocumentResultSchema.parse(checked.json()).signatures;
    expect(seal?.request?.signers).toEqual([
      expect.objectContaining({
        name: 'Anna Łukasz',
        status: 'signed',
        verified_identity: { issuer, acr: SUBSTANTIAL },
      }),
      expect.objectContaining({ name: 'Ben Zoë', status: 'signed', verified_identity: null }),
    ]);

    if (!hasTool('pdftotext')) return;
    const file = path.join(t.config.dataDir, `verified-${engine}.pdf`);
    writeFileSync(file, download.rawPayload);
    // A long value wraps: one space wherever a line broke.
    const text = runTool('pdftotext', [file, '-']).replaceAll(/\s+/g, ' ');
    expect(text).toContain(`identified by ${issuer}, level ${SUBSTANTIAL}`);
    // Both signers read English: the pages add no second language.
    expect(text).toContain('Verified name');
    expect(text).toContain('Erika Mustermann');
    expect(text).not.toContain('Verifizierter Name');
    // Ben signed with his password, as before.
    expect(text).toContain('Signed in, password entered again');
  });
});
