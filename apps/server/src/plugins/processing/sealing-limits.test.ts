import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSealIdentity } from '../seal-identity.ts';
import {
  originalPdf,
  removeTemporaryFolders,
  sealInput,
  SIGNERS,
  temporaryFolder,
} from '../../test/sealing.ts';
import {
  createDocumentProcessing,
  ProcessingError,
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
const seal = loadSealIdentity({
  dataDir: path.join(temporaryFolder(), 'data'),
  signing: { p12Path: undefined, p12Password: '' },
});
afterAll(async () => {
  await processing.close();
  removeTemporaryFolders();
});

describe('names no font can write', () => {
  it('never stop a seal: emoji, CJK, control characters and very long reasons', async () => {
    const [first] = SIGNERS;
    if (!first) throw new Error('fixture signers missing');
    const odd = {
      ...first,
      name: '王小明 😀 \u0007 مرحبا \u202Eevil',
      typedName: '王小明 😀\ttab',
      userAgent: 'line\r\nbreak\u0000',
    };
    const declined = {
      ...odd,
      status: 'declined' as const,
      method: null,
      signedAt: null,
      declinedAt: '2026-11-21T11:00:00.000Z',
      declinedReason: `😀 ${'Zu lang. '.repeat(110)}`,
    };
    const sealed = await processing.sealDocuments(
      sealInput([{ filename: 'a.pdf', bytes: await originalPdf('A', 1) }], seal.key, {
        outcome: 'declined',
        signers: [odd, declined],
      }),
    );
    const { signatures } = await processing.inspectSignatures(sealed.bytes);
    expect(signatures).toMatchObject([{ isDigestValid: true, isSignatureValid: true }]);
  });
});

describe('limits while sealing', () => {
  it('refuses originals with more pages than the limit together', async () => {
    const small = createDocumentProcessing({ ...settings, maxPages: 4 }, { warn: () => {} });
    try {
      const bytes = await originalPdf('Long', 3);
      const error = await small
        .sealDocuments(
          sealInput(
            [
              { filename: 'one.pdf', bytes },
              { filename: 'two.pdf', bytes },
            ],
            seal.key,
          ),
        )
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ProcessingError);
      expect(error instanceof ProcessingError && error.reason).toBe('too_many_pages');
    } finally {
      await small.close();
    }
  });
});
