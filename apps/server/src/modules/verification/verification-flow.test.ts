import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyDocumentResultSchema, type SignatureStrokes } from '@kuvert/shared/signatures';
import { createLoggedInUser } from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { createTestProvider, multipart } from '../../test/mailbox.ts';
import { withFlippedByte } from '@kuvert/test-fixtures/signed-pdfs';
import {
  declineAs,
  deliverSignatureRequest,
  openCopyOf,
  signAs,
  type TestUser,
} from '../../test/signatures.ts';

/** The whole way: a provider asks, two people act in the portal, anyone verifies the result. */
describe.each(testEngines)('verify what a signature request delivered (%s)', (engine) => {
  let t: TestApp;
  let anna: TestUser;
  let ben: TestUser;
  let provider: Awaited<ReturnType<typeof createTestProvider>>;

  beforeAll(async () => {
    t = await createTestApp(engine);
    anna = await createLoggedInUser(t.app, { firstName: 'Anna', lastName: 'Łęcka' });
    ben = await createLoggedInUser(t.app, { firstName: 'Ben', lastName: 'Øster' });
    provider = await createTestProvider(t.app, { name: 'Wohnbau Süd' });
  });
  afterAll(async () => t.close());

  async function signedDocumentOf(letterId: string): Promise<Buffer> {
    while ((await t.app.jobs.runDueJobs()) > 0);
    const response = await t.app.inject({
      url: `/api/sender/v1/letters/${letterId}/signed-document`,
      headers: { authorization: `Bearer ${provider.apiKey}` },
    });
    expect(response.statusCode).toBe(200);
    return response.rawPayload;
  }

  async function verify(content: Buffer) {
    const body = multipart([{ name: 'file', filename: 'signed.pdf', content }]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/verify-document',
      headers: { 'content-type': body.contentType, origin: 'http://localhost:3000' },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(200);
    return verifyDocumentResultSchema.parse(response.json());
  }

  it('names both signers of a completed request, and says changed after tampering', async () => {
    const subject = 'Lease 2027';
    const letterId = await deliverSignatureRequest(t.app, provider.apiKey, anna.email, {
      signers: [anna.email, ben.email],
      subject,
    });
    expect((await signAs(t.app, anna, await openCopyOf(t.app, anna, subject))).statusCode).toBe(
      200,
    );
    const bensCopy = await openCopyOf(t.app, ben, subject);
    const strokes: SignatureStrokes = [
      [
        [0.1, 0.5],
        [0.5, 0.2],
        [0.9, 0.6],
      ],
    ];
    expect(
      (await signAs(t.app, ben, bensCopy, { method: 'drawn', strokes, typed_name: undefined }))
        .statusCode,
    ).toBe(200);
    const sealed = await signedDocumentOf(letterId);

    const result = await verify(sealed);
    expect(result.outcome).toBe('valid');
    const [signature] = result.signatures;
    expect(signature?.is_kuvert_seal).toBe(true);
    expect(signature?.request).toMatchObject({
      subject,
      provider_name: 'Wohnbau Süd',
      status: 'completed',
      sealed_at: expect.any(String),
      signers: [
        { name: 'Anna Łęcka', email: anna.email, status: 'signed', declined_reason: null },
        { name: 'Ben Øster', email: ben.email, status: 'signed', declined_reason: null },
      ],
    });

    const tampered = await verify(withFlippedByte(sealed));
    expect(tampered.outcome).toBe('changed');
    expect(tampered.signatures[0]?.request).toBeNull();
  });

  it('names who declined and why', async () => {
    const subject = 'Guarantee';
    const letterId = await deliverSignatureRequest(t.app, provider.apiKey, anna.email, {
      signers: [anna.email, ben.email],
      subject,
    });
    const reason = 'Der Betrag stimmt nicht';
    expect(
      (await declineAs(t.app, ben, await openCopyOf(t.app, ben, subject), reason)).statusCode,
    ).toBe(200);
    const result = await verify(await signedDocumentOf(letterId));
    expect(result.outcome).toBe('valid');
    expect(result.signatures[0]?.request).toMatchObject({
      status: 'declined',
      signers: [
        { email: anna.email, status: 'pending', signed_at: null },
        { email: ben.email, status: 'declined', declined_reason: reason },
      ],
    });
  });
});
