import { afterAll, describe, expect, it } from 'vitest';
import { plainPdf } from '@kuvert/test-fixtures/hostile-pdfs';
import { createDocumentProcessing, type ProcessingSettings } from './document-processing.ts';

/*
 * Document processing in lanes: a user's import never waits in front of a provider's
 * delivery check, and within the imports lane accounts take turns. Asserted by the order
 * in which tasks finish, not by how long they take.
 */

const settings: ProcessingSettings = {
  workers: 1,
  memoryMb: 512,
  timeoutSeconds: 30,
  maxPages: 2000,
  maxInflatedMb: 256,
};
const processing = createDocumentProcessing(settings, { warn: () => {} });
afterAll(async () => processing.close());

/** A vCard of `bytes`, its NOTE folded into one-character lines: real work to read. */
function foldedVcard(name: string, bytes: number): Uint8Array {
  const head = `BEGIN:VCARD\r\nVERSION:3.0\r\nFN:${name}\r\nNOTE:x\r\n`;
  return Buffer.from(`${head}${' x\r\n'.repeat(Math.floor(bytes / 4))}END:VCARD\r\n`, 'latin1');
}

describe('document processing lanes', () => {
  it('checks a delivery’s PDF while imports are still being read', async () => {
    const pdf = plainPdf();
    // Both lanes' children are started first: what follows compares work, not start-up.
    await Promise.all([
      processing.inspectPdf(pdf),
      processing.readVcards(foldedVcard('Warm', 1000), 10),
    ]);
    let importsRead = 0;
    const imports = [1, 2, 3].map((number) =>
      processing
        .readVcards(foldedVcard(`Import ${number}`, 5 * 1024 * 1024), 10, { fairnessKey: 'a' })
        .then(() => {
          importsRead += 1;
        }),
    );
    const inspection = await processing.inspectPdf(pdf, { fairnessKey: 'provider' });
    const importsReadBeforeTheCheck = importsRead;
    await Promise.all(imports);
    expect(inspection.pageCount).toBe(1);
    expect(importsReadBeforeTheCheck).toBeLessThan(3);
  });

  it('lets another account’s import go between one account’s many', async () => {
    const finished: string[] = [];
    const read = (account: string, number: number) =>
      processing
        .readVcards(foldedVcard(`${account}${number}`, 256 * 1024), 10, { fairnessKey: account })
        .then(({ cards }) => finished.push(cards[0]?.name ?? '?'));
    const many = [1, 2, 3, 4, 5, 6].map((number) => read('a', number));
    const one = read('b', 1);
    await Promise.all([...many, one]);
    // a1 was already running; then the accounts take turns.
    expect(finished).toEqual(['a1', 'a2', 'b1', 'a3', 'a4', 'a5', 'a6']);
  });

  it('checks a user’s uploaded PDF in the imports lane, behind that lane’s work', async () => {
    const pdf = plainPdf();
    await Promise.all([processing.inspectPdf(pdf), processing.inspectUploadedPdf(pdf)]);
    const finished: string[] = [];
    const reading = processing
      .readVcards(foldedVcard('Import', 5 * 1024 * 1024), 10, { fairnessKey: 'a' })
      .then(() => finished.push('import'));
    const upload = processing
      .inspectUploadedPdf(pdf, { fairnessKey: 'b' })
      .then(() => finished.push('upload'));
    const delivery = processing
      .inspectPdf(pdf, { fairnessKey: 'provider' })
      .then(() => finished.push('delivery'));
    await Promise.all([reading, upload, delivery]);
    expect(finished).toEqual(['delivery', 'import', 'upload']);
  });
});
