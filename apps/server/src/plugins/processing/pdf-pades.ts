import { createHash } from 'node:crypto';
import { PDFArray, PDFHexString, PDFName, PDFNumber, PDFString, type PDFDocument } from 'pdf-lib';
import { createCadesSignature } from './pdf-cms.ts';
import type { SealKey } from './tasks.ts';

/**
 * Runs in a processing child. Signs a freshly composed document once, as PAdES B-B: a
 * signature field on the last page, its value a signature dictionary (ETSI.CAdES.detached,
 * /M the sealing time) whose /Contents is reserved as zeros; the file is written without
 * object streams, the /ByteRange filled in around /Contents, and the CMS written into it.
 * The whole file is written once, so nothing before it can be broken by the save.
 */

/** Ten digits each, replaced in place by the real offsets (padded with spaces). */
const BYTE_RANGE_PLACEHOLDER = 9_999_999_999;
/** Room above the size a trial signature took (ECDSA signatures vary by a few bytes). */
const CONTENTS_SLACK = 256;

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

function addSignatureField(document: PDFDocument, contentsBytes: number, signedAt: Date): void {
  const { context } = document;
  const signature = context.obj({
    Type: 'Sig',
    Filter: 'Adobe.PPKLite',
    SubFilter: 'ETSI.CAdES.detached',
    ByteRange: [0, BYTE_RANGE_PLACEHOLDER, BYTE_RANGE_PLACEHOLDER, BYTE_RANGE_PLACEHOLDER],
    Contents: PDFHexString.of('0'.repeat(contentsBytes * 2)),
    M: PDFString.fromDate(signedAt),
    Name: PDFString.of('Kuvert'),
    Reason: PDFString.of('Sealed by Kuvert after the signature request ended'),
  });
  const signatureRef = context.register(signature);
  const pages = document.getPages();
  const lastPage = pages.at(-1);
  if (!lastPage) throw new Error('Nothing to seal: the document has no pages.');
  const widget = context.obj({
    Type: 'Annot',
    Subtype: 'Widget',
    FT: 'Sig',
    Rect: [0, 0, 0, 0],
    V: signatureRef,
    T: PDFString.of('Kuvert seal'),
    F: 132, // Print | Locked
    P: lastPage.ref,
  });
  const widgetRef = context.register(widget);
  const annotations = lastPage.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
  if (annotations) annotations.push(widgetRef);
  else lastPage.node.set(PDFName.of('Annots'), context.obj([widgetRef]));
  document.catalog.set(
    PDFName.of('AcroForm'),
    context.obj({ Fields: [widgetRef], SigFlags: PDFNumber.of(3) }),
  );
}

function indexOfOnce(haystack: string, needle: string): number {
  const index = haystack.indexOf(needle);
  if (index < 0 || haystack.indexOf(needle, index + 1) >= 0) {
    throw new Error(`The signature placeholder ${needle.slice(0, 20)}… was not found once.`);
  }
  return index;
}

/** The signed PDF. `document` must be new (composed here), not one with signatures to keep. */
export async function signPades(
  document: PDFDocument,
  seal: SealKey,
  signedAt: Date,
): Promise<Uint8Array> {
  const trial = createCadesSignature(new Uint8Array(32), seal);
  const contentsBytes = trial.length + CONTENTS_SLACK;
  addSignatureField(document, contentsBytes, signedAt);
  const bytes = await document.save({ useObjectStreams: false, addDefaultPage: false });
  const text = latin1(bytes);
  const placeholder = `<${'0'.repeat(contentsBytes * 2)}>`;
  const contentsStart = indexOfOnce(text, placeholder);
  const contentsEnd = contentsStart + placeholder.length;
  // As pdf-lib writes arrays: `[ 0 1 2 3 ]`.
  const rangeText = `[ 0 ${BYTE_RANGE_PLACEHOLDER} ${BYTE_RANGE_PLACEHOLDER} ${BYTE_RANGE_PLACEHOLDER} ]`;
  const rangeStart = indexOfOnce(text, rangeText);
  const byteRange = [0, contentsStart, contentsEnd, bytes.length - contentsEnd];
  const filled = `[${byteRange.join(' ')}]`.padEnd(rangeText.length, ' ');
  const output = Buffer.from(bytes);
  output.write(filled, rangeStart, 'latin1');

  const digest = createHash('sha256')
    .update(output.subarray(0, contentsStart))
    .update(output.subarray(contentsEnd))
    .digest();
  const signature = createCadesSignature(digest, seal);
  if (signature.length > contentsBytes) {
    throw new Error('The seal signature is larger than the room reserved for it.');
  }
  output.write(Buffer.from(signature).toString('hex'), contentsStart + 1, 'latin1');
  return new Uint8Array(output.buffer, output.byteOffset, output.byteLength);
}
