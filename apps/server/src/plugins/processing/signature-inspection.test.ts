import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decompressionBombPdf,
  htmlPretendingToBePdf,
  javaScriptPdf,
  millionPagesPdf,
  pageCountLiePdf,
  plainPdf,
  zipPretendingToBePdf,
} from '@kuvert/test-fixtures/hostile-pdfs';
import {
  appendIncrementalUpdate,
  byteRangeOf,
  flipOneByte,
  garbageInContents,
  hasTool,
  originalPdf,
  sealInput,
  removeTemporaryFolders,
  runTool,
  temporaryFolder,
} from '../../test/sealing.ts';
import { withWrittenPadding } from '@kuvert/test-fixtures/signed-pdfs';
import { timeStampedPdf } from '../../test/seal-authorities.ts';
import { loadSealIdentity } from '../seal-identity.ts';
import {
  createDocumentProcessing,
  ProcessingError,
  type InspectedSignature,
  type ProcessingSettings,
} from './document-processing.ts';

const settings: ProcessingSettings = {
  workers: 1,
  memoryMb: 512,
  timeoutSeconds: 60,
  maxPages: 2000,
  maxInflatedMb: 256,
};
const processing = createDocumentProcessing(settings, { warn: () => {} });
afterAll(async () => {
  await processing.close();
  removeTemporaryFolders();
});
const seal = loadSealIdentity({
  dataDir: path.join(temporaryFolder(), 'data'),
  signing: { p12Path: undefined, p12Password: '' },
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function onlySignature(bytes: Uint8Array): Promise<InspectedSignature> {
  const { signatures } = await processing.inspectSignatures(bytes);
  expect(signatures).toHaveLength(1);
  const [signature] = signatures;
  if (!signature) throw new Error('no signature');
  return signature;
}

/** SHA-256 of the two pieces a /ByteRange names: what a PAdES signature's digest is of. */
function signedPiecesSha256(bytes: Uint8Array): string {
  const [, b, c, d] = byteRangeOf(bytes);
  return createHash('sha256')
    .update(bytes.subarray(0, b))
    .update(bytes.subarray(c, c + d))
    .digest('hex');
}

describe('checking the signatures of any PDF', () => {
  let sealed: Uint8Array;
  let sealedSignedSha256: string;

  beforeAll(async () => {
    const original = await originalPdf('Vertrag', 2);
    const result = await processing.sealDocuments(
      sealInput([{ filename: 'vertrag.pdf', bytes: original }], seal.key),
    );
    sealed = result.bytes;
    sealedSignedSha256 = result.signedSha256;
  });

  it('finds Kuvert’s seal valid, covering the whole file, by Kuvert’s seal certificate', async () => {
    const signature = await onlySignature(sealed);
    expect(signature).toMatchObject({
      subFilter: 'ETSI.CAdES.detached',
      commonName: 'Kuvert document seal (self-issued)',
      organisation: 'Kuvert',
      signedAt: '2026-11-22T08:00:05.000Z',
      isDigestValid: true,
      isSignatureValid: true,
      coversWholeFile: true,
      isPaddingIntact: true,
      signedRevisionSha256: sha256(sealed),
      signedBytesSha256: sealedSignedSha256,
      problem: null,
    });
    expect(sealedSignedSha256).toBe(signedPiecesSha256(sealed));
    expect(signature.certificatePem).toBe(seal.key.certificatePem);
    expect(signature.chainPems).toEqual([seal.caCertificatePem]);
  });

  it('says the content changed when one signed byte changed', async () => {
    const signature = await onlySignature(flipOneByte(sealed));
    expect(signature.isDigestValid).toBe(false);
    // The seal itself is intact: it just no longer matches the bytes.
    expect(signature.isSignatureValid).toBe(true);
    expect(signature.problem).toBeNull();
  });

  it('says something was added after sealing when an incremental update is appended', async () => {
    const updated = appendIncrementalUpdate(sealed);
    const signature = await onlySignature(updated);
    expect(signature.isDigestValid).toBe(true);
    expect(signature.isSignatureValid).toBe(true);
    expect(signature.coversWholeFile).toBe(false);
    // The revision that was signed is still Kuvert's output, byte for byte.
    expect(signature.signedRevisionSha256).toBe(sha256(sealed));
  });

  it('says the unsigned padding after the CMS was written to, though every digest matches', async () => {
    const tampered = withWrittenPadding(Buffer.from(sealed));
    const signature = await onlySignature(tampered);
    expect(signature).toMatchObject({
      isDigestValid: true,
      isSignatureValid: true,
      coversWholeFile: true,
      isPaddingIntact: false,
      problem: null,
    });
    // What the seal signed is still found: the bytes it covers are Kuvert's output.
    expect(signature.signedBytesSha256).toBe(sealedSignedSha256);
    expect(signature.signedRevisionSha256).not.toBe(sha256(sealed));
  });

  it.skipIf(!hasTool('pdfsig'))(
    'agrees with pdfsig: valid, but no longer the whole document, once the padding is written',
    () => {
      const file = path.join(temporaryFolder(), 'padding.pdf');
      writeFileSync(file, withWrittenPadding(Buffer.from(sealed)));
      const report = runTool('pdfsig', [file]);
      expect(report).toContain('Signature is Valid.');
      expect(report).toContain('Not total document signed');
    },
  );

  it('says the padding was written to when bytes follow the CMS right where it ends', async () => {
    const [, contentsAt, afterContents] = byteRangeOf(sealed);
    const copy = Buffer.from(sealed);
    const hex = copy.subarray(contentsAt + 1, afterContents - 1).toString('latin1');
    // The CMS is a SEQUENCE with a long-form length: 30 8n and n length bytes.
    const lengthBytes = Number.parseInt(hex.slice(2, 4), 16) - 0x80;
    const derLength = 2 + lengthBytes + Number.parseInt(hex.slice(4, 4 + 2 * lengthBytes), 16);
    copy.write('01', contentsAt + 1 + 2 * derLength, 'latin1');
    const signature = await onlySignature(copy);
    expect(signature.isDigestValid).toBe(true);
    expect(signature.isPaddingIntact).toBe(false);
  });

  it('reports garbage in /Contents as a problem instead of failing', async () => {
    const signature = await onlySignature(garbageInContents(sealed));
    expect(signature.isDigestValid).toBe(false);
    expect(signature.isSignatureValid).toBe(false);
    expect(signature.problem).toEqual(expect.any(String));
  });

  it('reports a /ByteRange that points outside the file as a problem', async () => {
    const text = Buffer.from(sealed).toString('latin1');
    const [, b, c, d] = byteRangeOf(sealed);
    const broken = Buffer.from(
      text.replace(/\/ByteRange\s*\[[^\]]*\]/, `/ByteRange [0 ${b} ${c} ${d + 100000}]`),
      'latin1',
    );
    const signature = await onlySignature(new Uint8Array(broken));
    expect(signature.problem).toContain('/ByteRange');
    expect(signature.isDigestValid).toBe(false);
  });

  it('finds no signature in an unsigned PDF', async () => {
    expect(await processing.inspectSignatures(plainPdf())).toEqual({ signatures: [] });
  });

  it('refuses what is not a PDF at all', async () => {
    const error = await processing
      .inspectSignatures(htmlPretendingToBePdf())
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProcessingError);
    expect(error instanceof ProcessingError && error.reason).toBe('unreadable');
  });

  it('answers for every hostile document, and for a sealed PDF mangled anywhere', async () => {
    const hostile = [
      await decompressionBombPdf(),
      millionPagesPdf(),
      pageCountLiePdf(),
      javaScriptPdf(),
      zipPretendingToBePdf(),
    ];
    // Deterministic "random" damage: a byte every few kilobytes, at shifting places.
    for (let seed = 1; seed <= 8; seed += 1) {
      const mangled = Buffer.from(sealed);
      for (let at = seed * 97; at < mangled.length; at += 4099 + seed * 13) {
        mangled.writeUInt8((mangled.readUInt8(at) + seed * 31) % 256, at);
      }
      hostile.push(mangled);
    }
    // Thousands of signature dictionaries claiming absurd ranges.
    const claims = Array.from(
      { length: 5000 },
      (_, index) => `/ByteRange [0 ${index} -5 999999999999]`,
    );
    hostile.push(Buffer.concat([Buffer.from(plainPdf()), Buffer.from(claims.join('\n'))]));
    for (const bytes of hostile) {
      const outcome = await processing.inspectSignatures(bytes).then(
        (inspection) => inspection,
        (error: unknown) => error,
      );
      if (outcome instanceof ProcessingError) continue;
      expect(outcome).toEqual({ signatures: expect.any(Array) });
    }
  });

  it.skipIf(!hasTool('openssl'))(
    'checks a document time-stamp (RFC 3161) by its imprint',
    async () => {
      const stamped = await timeStampedPdf(temporaryFolder());
      const signature = await onlySignature(stamped);
      expect(signature).toMatchObject({
        commonName: 'Test TSA',
        isDigestValid: true,
        isSignatureValid: true,
        coversWholeFile: true,
        problem: null,
      });
      const changed = await onlySignature(flipOneByte(stamped));
      expect(changed.isDigestValid).toBe(false);
    },
  );
});
