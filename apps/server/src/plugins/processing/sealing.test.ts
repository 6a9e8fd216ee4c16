import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSealIdentity, type SealIdentity } from '../seal-identity.ts';
import {
  cutSignature,
  DECLINE_REASON,
  flipOneByte,
  hasTool,
  originalPdf,
  runTool,
  sealInput,
  SIGNERS,
  removeTemporaryFolders,
  temporaryFolder,
} from '../../test/sealing.ts';
import { operatorPkcs12 } from '../../test/seal-authorities.ts';
import {
  createDocumentProcessing,
  type ProcessingSettings,
  type SealedDocument,
} from './document-processing.ts';

const settings: ProcessingSettings = {
  workers: 1,
  memoryMb: 512,
  timeoutSeconds: 60,
  maxPages: 2000,
  maxInflatedMb: 256,
};
const processing = createDocumentProcessing(settings, { warn: () => {} });
const folder = temporaryFolder();
const seal = loadSealIdentity({
  dataDir: path.join(folder, 'data'),
  signing: { p12Path: undefined, p12Password: '' },
});
afterAll(async () => {
  await processing.close();
  removeTemporaryFolders();
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const hasPoppler = hasTool('pdfsig') && hasTool('pdftotext');

function save(name: string, bytes: Uint8Array): string {
  const file = path.join(folder, name);
  writeFileSync(file, bytes);
  return file;
}

function pdfsig(file: string, nssFolder?: string): string {
  return runTool('pdfsig', nssFolder ? ['-nssdir', `sql:${nssFolder}`, file] : [file]);
}

/** The text of the pages sealing appended (signatures and audit trail). */
function appendedText(file: string, sealed: SealedDocument, originalPages: number): string {
  const text = runTool('pdftotext', [
    '-f',
    String(originalPages + 1),
    '-l',
    String(sealed.pageCount),
    file,
    '-',
  ]);
  // A long value wraps: one space wherever a line broke.
  return text.replaceAll(/\s+/g, ' ');
}

function verifyCms(pdf: Uint8Array, caFile: string): string {
  const { sig, content } = cutSignature(pdf, folder);
  return runTool('openssl', [
    'cms',
    '-verify',
    '-binary',
    '-inform',
    'DER',
    '-in',
    sig,
    '-content',
    content,
    '-CAfile',
    caFile,
    '-purpose',
    'any',
    '-out',
    '/dev/null',
  ]);
}

describe('a sealed signature request', () => {
  let contract: Uint8Array;
  let annex: Uint8Array;
  let sealed: SealedDocument;
  let sealedFile: string;

  beforeAll(async () => {
    contract = await originalPdf('Mietvertrag', 3);
    annex = await originalPdf('Anlage Hausordnung', 2);
    sealed = await processing.sealDocuments(
      sealInput(
        [
          { filename: 'mietvertrag.pdf', bytes: contract },
          { filename: 'hausordnung.pdf', bytes: annex },
        ],
        seal.key,
      ),
    );
    sealedFile = save('sealed.pdf', sealed.bytes);
  });

  it('holds both originals, a signatures page and the audit trail, with their hashes', () => {
    expect(sealed.pageCount).toBe(3 + 2 + 2);
    expect(sealed.originalSha256).toEqual([sha256(contract), sha256(annex)]);
    expect(sealed.sha256).toBe(sha256(sealed.bytes));
  });

  it.skipIf(!hasPoppler)('is a valid PAdES signature to pdfsig, by the self-issued seal', () => {
    const report = pdfsig(sealedFile);
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Signature is Valid.');
    expect(report).toContain('Kuvert document seal (self-issued)');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signing Time: Nov 22 2026 08:00:05');
  });

  it.skipIf(!hasPoppler)('is a "Digest Mismatch." to pdfsig once one signed byte changed', () => {
    const report = pdfsig(save('flipped.pdf', flipOneByte(sealed.bytes)));
    expect(report).toContain('Digest Mismatch.');
    expect(report).not.toContain('Signature is Valid.');
  });

  it.skipIf(!hasTool('openssl'))('verifies with openssl cms against Kuvert’s CA', () => {
    const caFile = save('kuvert-ca.pem', new TextEncoder().encode(seal.caCertificatePem));
    expect(verifyCms(sealed.bytes, caFile)).toContain('CMS Verification successful');
    const cms = runTool('openssl', [
      'cms',
      '-cmsout',
      '-print',
      '-inform',
      'DER',
      '-in',
      path.join(folder, 'sig.der'),
    ]);
    // PAdES B-B: signing-certificate-v2, and no signingTime among the signed attributes.
    expect(cms).toContain('id-smime-aa-signingCertificateV2');
    expect(cms).not.toContain('signingTime');
  });

  it.skipIf(!hasTool('certutil') || !hasPoppler)(
    'is trusted by a reader that trusts Kuvert’s CA (certutil)',
    () => {
      const nss = temporaryFolder();
      const caFile = save('ca-for-nss.pem', new TextEncoder().encode(seal.caCertificatePem));
      runTool('certutil', ['-N', '-d', `sql:${nss}`, '--empty-password']);
      runTool('certutil', ['-A', '-d', `sql:${nss}`, '-n', 'kuvert', '-t', 'CT,C,C', '-i', caFile]);
      expect(pdfsig(sealedFile, nss)).toContain('Certificate is Trusted.');
    },
  );

  it.skipIf(!hasTool('pdffonts'))('writes typed names in a handwriting font, embedded', () => {
    const fonts = runTool('pdffonts', [sealedFile]);
    expect(fonts).toMatch(/Caveat.*TrueType.*yes/);
    // The DejaVu subsets are named as subsets (PDF 32000 §9.6.4): emb yes, sub yes.
    for (const name of ['DejaVuSans', 'DejaVuSans-Bold', 'DejaVuSansMono']) {
      expect(fonts).toMatch(
        new RegExp(`\\b[A-Z]{6}\\+${name}\\s+CID TrueType\\s+Identity-H\\s+yes yes`),
      );
    }
  });

  it.skipIf(!hasPoppler)('keeps each typed signature within its box', () => {
    // Page 6 is the signatures page; Łukasz signs in the left column (x 56 to 266 points).
    const boxes = runTool('pdftotext', ['-f', '6', '-l', '6', '-bbox', sealedFile, '-']);
    const rightEdges = [...boxes.matchAll(/xMax="([\d.]+)"[^>]*>Wiśniewski</g)].map((match) =>
      Number(match[1]),
    );
    expect(rightEdges).toHaveLength(2); // the signature and the name under it
    for (const edge of rightEdges) expect(edge).toBeLessThanOrEqual(266);
  });

  it.skipIf(!hasPoppler)('shows each signer and each original’s SHA-256 on its pages', () => {
    const text = appendedText(sealedFile, sealed, 5);
    for (const signer of SIGNERS) {
      expect(text).toContain(signer.name);
      expect(text).toContain(signer.email);
    }
    expect(text).toContain('Łukasz Wiśniewski');
    expect(text).toContain('Şükrü Öztürk');
    expect(text).toContain('Zoë Ñúñez-Groß');
    expect(text).toContain(sha256(contract));
    expect(text).toContain(sha256(annex));
    expect(text).toContain('Audit trail / Prüfprotokoll');
    expect(text).toContain('203.0.113.5');
    expect(text).toContain('Mozilla/5.0 (Macintosh) Firefox/133.0');
    expect(text).toContain('2026-11-22 08:00:05 UTC');
    expect(text).toContain('Signed in, password entered again');
    // The seal certificate, to compare with what a PDF reader shows.
    expect(text).toContain('Sealed by / Versiegelt von');
    expect(text).toContain('Kuvert document seal (self-issued)');
    expect(text).toContain(`SHA-256 ${seal.fingerprint256}`);
  });
});

describe('a declined signature request', () => {
  it.skipIf(!hasPoppler)(
    'is sealed with a "Declined" stamp, the reason, who and when',
    async () => {
      const [first, second] = SIGNERS;
      if (!first || !second) throw new Error('fixture signers missing');
      const sealed = await processing.sealDocuments(
        sealInput([{ filename: 'vertrag.pdf', bytes: await originalPdf('Vertrag', 1) }], seal.key, {
          outcome: 'declined',
          signers: [
            first,
            {
              ...second,
              status: 'declined',
              method: null,
              strokes: null,
              signedAt: null,
              declinedAt: '2026-11-21T11:00:00.000Z',
              declinedReason: DECLINE_REASON,
            },
          ],
        }),
      );
      const file = save('declined.pdf', sealed.bytes);
      expect(pdfsig(file)).toContain('Signature is Valid.');
      const text = appendedText(file, sealed, 1);
      expect(text).toContain('Declined');
      expect(text).toContain(`Declined / Abgelehnt: ${DECLINE_REASON}`);
      expect(text).toContain('Şükrü Öztürk');
      expect(text).toContain('2026-11-21 11:00:00 UTC');
    },
  );
});

describe.skipIf(!hasPoppler || !hasTool('openssl'))('an operator’s own seal (PKCS#12)', () => {
  let operator: SealIdentity;
  let caFile: string;

  beforeAll(() => {
    const made = operatorPkcs12(temporaryFolder(), 'Geheim 123');
    caFile = made.ca;
    operator = loadSealIdentity({
      dataDir: path.join(folder, 'operator-data'),
      signing: { p12Path: made.p12, p12Password: 'Geheim 123' },
    });
  });

  it('seals with the operator’s certificate and its chain', async () => {
    expect(operator.isSelfIssued).toBe(false);
    expect(operator.subjectName).toBe('Operator Document Seal');
    expect(operator.key.chainPems).toHaveLength(1);
    const sealed = await processing.sealDocuments(
      sealInput([{ filename: 'a.pdf', bytes: await originalPdf('A', 1) }], operator.key),
    );
    const report = pdfsig(save('operator.pdf', sealed.bytes));
    expect(report).toContain('Signature is Valid.');
    expect(report).toContain('Operator Document Seal');
    expect(verifyCms(sealed.bytes, caFile)).toContain('CMS Verification successful');
    // RSA, as most operators' certificates are: Kuvert's own check reads it too.
    const { signatures } = await processing.inspectSignatures(sealed.bytes);
    expect(signatures).toMatchObject([
      { commonName: 'Operator Document Seal', isDigestValid: true, isSignatureValid: true },
    ]);
    expect(signatures[0]?.certificatePem).toBe(operator.key.certificatePem);
  });
});
