import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFY_MAX_BYTES, verifyDocumentResultSchema } from '@kuvert/shared/signatures';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { multipart, samplePdf, storedDocumentKeys } from '../../test/mailbox.ts';
import { createSealedRequest, type SealedTestRequest } from '../../test/sealed-requests.ts';
import {
  pdfSignedByOther,
  withBrokenSignature,
  withFlippedByte,
  withIncrementalUpdate,
  withWrittenPadding,
} from '@kuvert/test-fixtures/signed-pdfs';
import { VERIFY_MAX_PER_ADDRESS } from './verification.service.ts';

const ORIGIN = 'http://localhost:3000';

describe.each(testEngines)('verify a document (%s)', (engine) => {
  let t: TestApp;
  let sealed: SealedTestRequest;
  let declined: SealedTestRequest;
  let addressCounter = 0;

  beforeAll(async () => {
    t = await createTestApp(engine);
    sealed = await createSealedRequest(t.app);
    declined = await createSealedRequest(t.app, 'declined');
  });
  afterAll(async () => t.close());

  /** Each call from its own address unless told, so the rate limit stays out of the way. */
  async function verify(
    content: Buffer,
    options: { filename?: string; remoteAddress?: string; headers?: Record<string, string> } = {},
  ) {
    addressCounter += 1;
    const body = multipart([{ name: 'file', filename: options.filename ?? 'doc.pdf', content }]);
    return t.app.inject({
      method: 'POST',
      url: '/api/verify-document',
      remoteAddress: options.remoteAddress ?? `198.51.100.${addressCounter % 250}`,
      headers: { 'content-type': body.contentType, origin: ORIGIN, ...options.headers },
      payload: body.payload,
    });
  }

  async function verified(content: Buffer, filename?: string) {
    const response = await verify(content, filename === undefined ? {} : { filename });
    if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
    return verifyDocumentResultSchema.parse(response.json());
  }

  it("says Kuvert's sealed output is unchanged, sealed by this Kuvert, and who signed", async () => {
    const result = await verified(Buffer.from(sealed.sealed.bytes), 'Mietvertrag.pdf');
    expect(result.filename).toBe('Mietvertrag.pdf');
    expect(result.sha256).toBe(sealed.sealed.sha256);
    expect(result.outcome).toBe('valid');
    expect(result.signatures).toHaveLength(1);
    const [signature] = result.signatures;
    expect(signature?.state).toBe('valid');
    expect(signature?.change).toBeNull();
    expect(signature?.is_kuvert_seal).toBe(true);
    expect(signature?.signed_by).toBe(t.app.seal.subjectName);
    expect(signature?.signed_at).not.toBeNull();
    expect(signature?.request).toEqual({
      subject: 'Tenancy agreement',
      provider_name: 'Stadtwerke Łódź',
      status: 'completed',
      sealed_at: sealed.sealedAt,
      signers: sealed.signers.map((signer) => ({
        name: signer.name,
        email: signer.email,
        status: 'signed',
        signed_at: expect.any(String),
        declined_reason: null,
        verified_identity: null,
      })),
    });
  });

  it('names a declined signer and their reason', async () => {
    const result = await verified(Buffer.from(declined.sealed.bytes));
    expect(result.outcome).toBe('valid');
    const request = result.signatures[0]?.request;
    expect(request?.status).toBe('declined');
    expect(request?.signers.map((signer) => [signer.name, signer.status])).toEqual([
      ['Zoë Şükrü', 'signed'],
      ['Łukasz Nowak', 'declined'],
    ]);
    expect(request?.signers[1]?.declined_reason).toBe('The rent is wrong');
  });

  it('says changed when the unsigned padding of a seal was written to, and still names the request', async () => {
    // The signed bytes are intact (every digest matches), but the file is not the sealed one.
    const tampered = withWrittenPadding(Buffer.from(declined.sealed.bytes));
    const result = await verified(tampered);
    expect(result.outcome).toBe('changed');
    const [signature] = result.signatures;
    expect(signature?.state).toBe('changed');
    expect(signature?.change).toBe('signature_padding');
    expect(signature?.is_kuvert_seal).toBe(true);
    const request = signature?.request;
    expect(request?.subject).toBe('Tenancy agreement');
    expect(request?.status).toBe('declined');
    expect(request?.signers[1]).toMatchObject({
      name: 'Łukasz Nowak',
      status: 'declined',
      declined_reason: 'The rent is wrong',
    });
  });

  it('says changed when one byte inside the signed range was changed', async () => {
    const result = await verified(withFlippedByte(Buffer.from(sealed.sealed.bytes)));
    expect(result.outcome).toBe('changed');
    expect(result.signatures[0]?.state).toBe('changed');
    expect(result.signatures[0]?.change).toBe('signed_bytes');
  });

  it('says changed when an update was appended after the seal, and still names the request', async () => {
    const result = await verified(withIncrementalUpdate(Buffer.from(sealed.sealed.bytes)));
    expect(result.outcome).toBe('changed');
    const [signature] = result.signatures;
    expect(signature?.state).toBe('changed');
    expect(signature?.change).toBe('appended');
    // The sealed revision itself is intact and Kuvert's: who signed it is still known.
    expect(signature?.is_kuvert_seal).toBe(true);
    expect(signature?.request?.subject).toBe('Tenancy agreement');
  });

  it("says invalid when the seal's signature itself is damaged, and claims no seal", async () => {
    const result = await verified(withBrokenSignature(Buffer.from(sealed.sealed.bytes)));
    expect(result.outcome).toBe('invalid');
    expect(result.signatures[0]).toMatchObject({
      state: 'invalid',
      is_kuvert_seal: false,
      request: null,
    });
  });

  it('says valid but not sealed by Kuvert for a PDF signed with another certificate', async () => {
    const other = pdfSignedByOther({ commonName: 'Jürgen Notar', organisation: 'Notariat Köln' });
    const result = await verified(other);
    expect(result.outcome).toBe('valid');
    expect(result.signatures).toEqual([
      {
        state: 'valid',
        signed_by: 'Jürgen Notar',
        organisation: 'Notariat Köln',
        signed_at: expect.any(String),
        is_kuvert_seal: false,
        change: null,
        request: null,
      },
    ]);
    expect((await verified(withFlippedByte(other))).outcome).toBe('changed');
    expect((await verified(withIncrementalUpdate(other))).outcome).toBe('changed');
  });

  it('says unsigned for a PDF without signatures', async () => {
    const result = await verified(await samplePdf('Nothing signed here'));
    expect(result.outcome).toBe('unsigned');
    expect(result.signatures).toEqual([]);
  });

  it('refuses what is not a PDF (415) and a PDF that does not parse (422)', async () => {
    const text = await verify(Buffer.from('just some text, not a document'), { filename: 'a.txt' });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    const broken = await verify(Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catal'));
    expect(broken.statusCode).toBe(422);
    expect(broken.json()).toMatchObject({ code: 'DOCUMENT_UNREADABLE' });
  });

  it('answers 413 for a file over the limit, and reads one below it', async () => {
    const tooLarge = Buffer.alloc(VERIFY_MAX_BYTES + 1, 0x20);
    tooLarge.write('%PDF-1.7\n');
    const response = await verify(tooLarge);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    // Below the limit the whole file is read (no smaller body limit on the way): 5 MB of text
    // is refused for what it is, not for its size.
    const text = await verify(Buffer.alloc(5 * 1024 * 1024, 0x61));
    expect(text.statusCode).toBe(415);
  });

  it('answers 400 for broken multipart, no file or two files', async () => {
    const cut = multipart([{ name: 'file', filename: 'a.pdf', content: await samplePdf() }]);
    const truncated = await t.app.inject({
      method: 'POST',
      url: '/api/verify-document',
      headers: { 'content-type': cut.contentType, origin: ORIGIN },
      payload: cut.payload.subarray(0, cut.payload.length - 40),
    });
    expect(truncated.statusCode).toBe(400);
    const empty = multipart([{ name: 'note', value: 'no file' }]);
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/verify-document',
      headers: { 'content-type': empty.contentType, origin: ORIGIN },
      payload: empty.payload,
    });
    expect(noFile.statusCode).toBe(400);
    const pdf = await samplePdf();
    const both = multipart([
      { name: 'file', filename: 'a.pdf', content: pdf },
      { name: 'file', filename: 'b.pdf', content: pdf },
    ]);
    const twoFiles = await t.app.inject({
      method: 'POST',
      url: '/api/verify-document',
      headers: { 'content-type': both.contentType, origin: ORIGIN },
      payload: both.payload,
    });
    expect(twoFiles.statusCode).toBe(400);
    expect(twoFiles.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('needs no session, refuses another site, and keeps nothing', async () => {
    const before = storedDocumentKeys(t.config.dataDir);
    expect((await verify(await samplePdf())).statusCode).toBe(200);
    expect(storedDocumentKeys(t.config.dataDir)).toEqual(before);
    const crossSite = await verify(await samplePdf(), {
      headers: { origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toMatchObject({ code: 'ORIGIN_REJECTED' });
  });

  it('limits checks per client address', async () => {
    const remoteAddress = '203.0.113.77';
    const garbage = Buffer.from('not a pdf');
    for (let attempt = 0; attempt < VERIFY_MAX_PER_ADDRESS; attempt += 1) {
      expect((await verify(garbage, { remoteAddress })).statusCode).toBe(415);
    }
    const limited = await verify(await samplePdf(), { remoteAddress });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await verify(await samplePdf(), { remoteAddress: '203.0.113.78' })).statusCode).toBe(
      200,
    );
  });

  it("offers Kuvert's CA certificate as a PEM download, to anyone", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/seal/ca-certificate' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/x-pem-file/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="[^"]+\.pem"/);
    expect(response.body).toBe(t.app.seal.caCertificatePem);
    const certificate = new X509Certificate(response.body);
    expect(certificate.ca).toBe(true);
    const seal = new X509Certificate(t.app.seal.key.certificatePem);
    expect(
      seal.checkIssued(certificate) || seal.fingerprint256 === certificate.fingerprint256,
    ).toBe(true);
  });
});
