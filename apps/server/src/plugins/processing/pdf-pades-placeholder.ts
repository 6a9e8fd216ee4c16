import { PDFArray, PDFHexString, PDFName, PDFNumber, PDFString, type PDFDocument } from 'pdf-lib';
import { BYTE_RANGE_PLACEHOLDER } from './pades-signature.ts';

/**
 * Runs in a processing child. The seal is one signature over a freshly composed document (so a
 * whole-file save breaks nothing): ETSI.CAdES.detached, /M the sealing time. The child reserves
 * it; the web process, which alone holds the key, signs (pades-signature.ts).
 */

/**
 * Adds the seal's signature field to the last page: its value a signature dictionary with the
 * /ByteRange placeholder and `contentsBytes` of zeros as /Contents, which the web process fills
 * in once the file is written (without object streams).
 */
export function addSignatureField(
  document: PDFDocument,
  contentsBytes: number,
  signedAt: Date,
): void {
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
