import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * PDFs signed by someone other than Kuvert, and ways to tamper with any signed PDF, for the
 * verify page's tests. The signature is made by openssl (`cms -sign`, detached, with signed
 * attributes), the way any signing tool makes a PAdES signature, with a certificate made for
 * the test; nothing here shares code with Kuvert's own sealing.
 */

/** Hex digits reserved for /Contents: room for an ECDSA CMS with its certificate. */
const CONTENTS_HEX_LENGTH = 16_384;
const BYTE_RANGE_PLACEHOLDER = '[0 0000000000 0000000000 0000000000]';

function pdfObject(id: number, body: string): string {
  return `${id} 0 obj\n${body}\nendobj\n`;
}

/** A one-page PDF with an empty signature field and a /Sig dictionary waiting to be filled. */
function unsignedWithPlaceholder(text: string, signedAt: Date): string {
  const stream = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const time = signedAt.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const objects = [
    pdfObject(1, '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [5 0 R] /SigFlags 3 >> >>'),
    pdfObject(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    pdfObject(
      3,
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R ' +
        '/Resources << /Font << /F1 6 0 R >> >> /Annots [5 0 R] >>',
    ),
    pdfObject(4, `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`),
    pdfObject(
      5,
      '<< /Type /Annot /Subtype /Widget /FT /Sig /T (Signature1) /V 7 0 R ' +
        '/Rect [0 0 0 0] /F 132 /P 3 0 R >>',
    ),
    pdfObject(6, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
    pdfObject(
      7,
      '<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /ETSI.CAdES.detached ' +
        `/ByteRange ${BYTE_RANGE_PLACEHOLDER} /Contents <${'0'.repeat(CONTENTS_HEX_LENGTH)}> ` +
        `/M (D:${time}Z) >>`,
    ),
  ];
  let body = '%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n';
  const offsets: number[] = [];
  for (const object of objects) {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += object;
  }
  const xrefAt = Buffer.byteLength(body, 'latin1');
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`);
  body +=
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries.join('')}` +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return body;
}

export interface OtherSigner {
  commonName: string;
  organisation: string;
}

/**
 * A PDF signed (PAdES, ETSI.CAdES.detached) with a fresh self-signed certificate of
 * `signer`, made by openssl. The signature covers the whole file.
 */
export function pdfSignedByOther(
  signer: OtherSigner = { commonName: 'Other Signer', organisation: 'Elsewhere GmbH' },
  text = 'Signed elsewhere',
): Buffer {
  const folder = mkdtempSync(path.join(tmpdir(), 'kuvert-signed-pdf-'));
  try {
    const keyPath = path.join(folder, 'key.pem');
    const certificatePath = path.join(folder, 'certificate.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        // The subject is UTF-8 (names such as Jürgen), not Latin-1.
        '-utf8',
        '-subj',
        `/CN=${signer.commonName}/O=${signer.organisation}`,
        '-days',
        '2',
        '-keyout',
        keyPath,
        '-out',
        certificatePath,
      ],
      { stdio: 'ignore' },
    );

    const pdf = Buffer.from(unsignedWithPlaceholder(text, new Date()), 'latin1');
    const contentsStart = pdf.indexOf('/Contents <') + '/Contents '.length;
    const contentsEnd = pdf.indexOf('>', contentsStart) + 1;
    const byteRange = [0, contentsStart, contentsEnd, pdf.length - contentsEnd];
    // Same length as the placeholder, so no offset moves: padded with spaces inside [ ].
    const rangeText = `[${byteRange.join(' ')}`.padEnd(BYTE_RANGE_PLACEHOLDER.length - 1, ' ');
    const withRange = Buffer.from(
      pdf.toString('latin1').replace(BYTE_RANGE_PLACEHOLDER, `${rangeText}]`),
      'latin1',
    );
    const signedBytes = Buffer.concat([
      withRange.subarray(0, contentsStart),
      withRange.subarray(contentsEnd),
    ]);
    const contentPath = path.join(folder, 'signed.bin');
    const signaturePath = path.join(folder, 'signature.der');
    writeFileSync(contentPath, signedBytes);
    execFileSync('openssl', [
      'cms',
      '-sign',
      '-binary',
      '-in',
      contentPath,
      '-signer',
      certificatePath,
      '-inkey',
      keyPath,
      '-md',
      'sha256',
      '-outform',
      'DER',
      '-out',
      signaturePath,
    ]);
    const hex = readFileSync(signaturePath).toString('hex');
    if (hex.length > CONTENTS_HEX_LENGTH) throw new Error('the signature does not fit /Contents');
    const contents = Buffer.from(`<${hex.padEnd(CONTENTS_HEX_LENGTH, '0')}>`, 'latin1');
    contents.copy(withRange, contentsStart);
    return withRange;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The first /ByteRange of a signed PDF (the first signature's). */
export function byteRangeOf(pdf: Buffer): [number, number, number, number] {
  const match = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(
    pdf.toString('latin1'),
  );
  if (!match) throw new Error('no /ByteRange in this PDF');
  return [Number(match[1]), Number(match[2]), Number(match[3]), Number(match[4])];
}

/**
 * A copy with one byte changed inside the signed range: a character of the binary comment
 * line right after the header, which every reader skips, so the file still opens.
 */
export function withFlippedByte(pdf: Buffer): Buffer {
  const copy = Buffer.from(pdf);
  const commentAt = copy.indexOf('\n%', 0) + 2;
  const [, firstLength] = byteRangeOf(copy);
  if (commentAt < 2 || commentAt >= firstLength) throw new Error('no comment line to change');
  copy[commentAt] = (copy[commentAt] ?? 0) ^ 0x01;
  return copy;
}

/**
 * An incremental update appended after the signature, as an editor saves a change: a new
 * object, an xref section for it and a trailer pointing back to the previous one.
 */
export function withIncrementalUpdate(pdf: Buffer): Buffer {
  const text = pdf.toString('latin1');
  const previousXref = [...text.matchAll(/startxref\s+(\d+)/g)].at(-1)?.[1];
  const root = [...text.matchAll(/\/Root\s+(\d+\s+\d+\s+R)/g)].at(-1)?.[1];
  const size = Math.max(...[...text.matchAll(/\/Size\s+(\d+)/g)].map((match) => Number(match[1])));
  if (!previousXref || !root || !Number.isFinite(size)) throw new Error('not a PDF trailer');
  const id = size;
  const object = `\n${id} 0 obj\n<< /Producer (Someone else's editor) >>\nendobj\n`;
  const objectAt = pdf.length + 1;
  const xrefAt = pdf.length + Buffer.byteLength(object, 'latin1');
  const update =
    `${object}xref\n${id} 1\n${String(objectAt).padStart(10, '0')} 00000 n \n` +
    `trailer\n<< /Size ${id + 1} /Root ${root} /Info ${id} 0 R /Prev ${previousXref} >>\n` +
    `startxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.concat([pdf, Buffer.from(update, 'latin1')]);
}

/**
 * A copy whose signature itself is damaged: one hex digit near the end of the CMS in
 * /Contents changed (inside the signature value, the last thing a SignerInfo holds), so the
 * signed bytes are intact but the signature no longer verifies.
 */
export function withBrokenSignature(pdf: Buffer): Buffer {
  const copy = Buffer.from(pdf);
  const [, contentsAt, afterContents] = byteRangeOf(copy);
  const hex = copy.subarray(contentsAt + 1, afterContents - 1).toString('latin1');
  const end = hex.replace(/0+$/, '').length;
  const at = contentsAt + 1 + end - 8;
  copy[at] = copy[at] === 0x61 ? 0x62 : 0x61;
  return copy;
}

/**
 * A copy with bytes written into the unsigned room of the signature: the zeros after the
 * CMS inside /Contents, which no /ByteRange covers. Every digest still matches; the file
 * as a whole (and so its SHA-256) is another.
 */
export function withWrittenPadding(pdf: Buffer, text = 'Kuvert was here'): Buffer {
  const copy = Buffer.from(pdf);
  const [, contentsAt, afterContents] = byteRangeOf(copy);
  const hex = Buffer.from(text, 'latin1').toString('hex');
  const at = afterContents - 1 - hex.length - 16;
  const room = copy.subarray(at, at + hex.length).toString('latin1');
  if (at <= contentsAt || !/^0+$/.test(room)) throw new Error('no zero padding to write into');
  copy.write(hex, at, 'latin1');
  return copy;
}
