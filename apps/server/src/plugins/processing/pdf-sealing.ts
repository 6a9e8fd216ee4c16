import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { contentSeed } from './pdf-font-subsets.ts';
import { assertInflatesWithin } from './pdf-inflate.ts';
import { addSignatureField } from './pdf-pades-placeholder.ts';
import { addAuditPages, addSignaturePages, needsHandwriting } from './pdf-seal-pages.ts';
import { embedSealFonts } from './pdf-seal-layout.ts';
import { sealLabel } from './pdf-seal-texts.ts';
import { ProcessingError, type ComposedSeal, type SealComposition } from './tasks.ts';

/**
 * Runs in a processing child (task `pdf.seal`). The originals, one after the other, then the
 * signatures page and the audit-trail page, with the seal's signature reserved: the web process
 * signs it (pades-signature.ts), so the key never reaches a process that parses documents.
 * The originals were checked when they were delivered; they are still held to the limits.
 */

const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function loadOriginal(bytes: Uint8Array, filename: string): Promise<PDFDocument> {
  try {
    return await PDFDocument.load(bytes, { updateMetadata: false });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ProcessingError(
      'unreadable',
      `${filename} is not a PDF that can be sealed: ${reason}`,
    );
  }
}

export async function composeSeal(input: SealComposition): Promise<ComposedSeal> {
  const { limits } = input;
  if (input.documents.length === 0) throw new Error('Nothing to seal: no documents.');
  const originalSha256 = input.documents.map((document) => sha256Hex(document.bytes));
  const sealed = await PDFDocument.create({ updateMetadata: false });
  let pages = 0;
  for (const original of input.documents) {
    const source = await loadOriginal(original.bytes, original.filename);
    pages += source.getPageCount();
    if (pages > limits.maxPages) {
      throw new ProcessingError('too_many_pages', `More than ${limits.maxPages} pages to seal.`);
    }
    // Each original as at its delivery: a bomb is not copied into the sealed file.
    await assertInflatesWithin(source.context, limits.maxInflatedBytes);
    const copied = await sealed.copyPages(source, source.getPageIndices());
    for (const page of copied) sealed.addPage(page);
  }
  const fonts = await embedSealFonts(sealed, {
    needsHandwriting: needsHandwriting(input),
    seed: contentSeed({ ...input, limits: undefined }),
  });
  addSignaturePages(sealed, input, fonts);
  addAuditPages(sealed, input, originalSha256, fonts);

  const sealedAt = new Date(input.sealedAt);
  sealed.setTitle(`${input.request.subject} (${sealLabel(input.language, 'sealedTitle')})`);
  sealed.setProducer('Kuvert');
  sealed.setCreator('Kuvert');
  sealed.setCreationDate(sealedAt);
  sealed.setModificationDate(sealedAt);
  addSignatureField(sealed, input.contentsBytes, sealedAt);
  // No object streams: the signature dictionary must lie in the file as written.
  const bytes = await sealed.save({ useObjectStreams: false, addDefaultPage: false });
  return { bytes, pageCount: sealed.getPageCount(), originalSha256 };
}
