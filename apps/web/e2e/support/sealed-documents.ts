// Sealing runs here as the server runs it: its processing pool, with the seal identity the
// e2e server made in its DATA_DIR. No route of the server makes test documents.
// oxlint-disable no-restricted-imports
import { loadConfig } from '../../../server/src/config/env.ts';
import { createDocumentProcessing } from '../../../server/src/plugins/processing/document-processing.ts';
import { loadSealIdentity } from '../../../server/src/plugins/seal-identity.ts';
import { serverEnvironment } from './environment.ts';
import { makePdf } from './provider.ts';

/** A PDF sealed by the running e2e server's seal: what a completed request delivers. */
export async function kuvertSealedPdf(subject: string): Promise<Buffer> {
  const config = loadConfig(serverEnvironment());
  const seal = loadSealIdentity(config);
  const processing = createDocumentProcessing(config.processing, { warn: () => {} });
  const now = new Date();
  try {
    const sealed = await processing.sealDocuments({
      documents: [{ filename: 'agreement.pdf', bytes: await makePdf([[subject, 'Page one']]) }],
      outcome: 'completed',
      request: {
        id: `e2e-${now.getTime()}`,
        subject,
        providerName: 'Hausverwaltung Zoë Łukasz',
        createdAt: now.toISOString(),
        dueDate: '2099-12-31',
      },
      signers: [
        {
          name: 'Erika Mustermann',
          email: 'erika@kuvert.test',
          status: 'signed',
          method: 'typed',
          typedName: 'Erika Mustermann',
          strokes: null,
          signedAt: now.toISOString(),
          declinedAt: null,
          declinedReason: null,
          ipAddress: '127.0.0.1',
          userAgent: 'e2e',
          identifiedBy: 'password',
        },
      ],
      sealedAt: now.toISOString(),
      seal: seal.key,
    });
    return Buffer.from(sealed.bytes);
  } finally {
    await processing.close();
  }
}
