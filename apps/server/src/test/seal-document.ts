import { loadConfig } from '../config/env.ts';
import { createDocumentProcessing } from '../plugins/processing/document-processing.ts';
import { loadSealIdentity } from '../plugins/seal-identity.ts';

/*
 * Seals a PDF as the server seals a completed signature request: its processing pool, with the
 * seal identity in the DATA_DIR of the environment it runs in. No route of the server makes test
 * documents, so the browser tests run this with the e2e server's environment
 * (apps/web/e2e/support/sealed-documents.ts):
 *     node apps/server/src/test/seal-document.ts <subject> < original.pdf > sealed.pdf
 */

async function readStandardInput(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) {
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  }
  return Buffer.concat(chunks);
}

async function sealDocument(subject: string, original: Uint8Array): Promise<Uint8Array> {
  const config = loadConfig();
  const seal = loadSealIdentity(config);
  const processing = createDocumentProcessing(config.processing, { warn: () => {} });
  const now = new Date();
  try {
    const sealed = await processing.sealDocuments({
      documents: [{ filename: 'agreement.pdf', bytes: original }],
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
      language: 'de',
      sealedAt: now.toISOString(),
      seal: seal.key,
    });
    return sealed.bytes;
  } finally {
    await processing.close();
  }
}

const [subject] = process.argv.slice(2);
if (subject === undefined) {
  process.stderr.write(
    'usage: node apps/server/src/test/seal-document.ts <subject> < original.pdf\n',
  );
  process.exitCode = 2;
} else {
  const sealed = await sealDocument(subject, await readStandardInput());
  process.stdout.write(sealed);
}
