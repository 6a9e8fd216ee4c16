import type { PDFDocument, PDFPage } from 'pdf-lib';
import type { Language } from '@kuvert/shared/auth';
import {
  A4,
  canHandwrite,
  declinedRed,
  formatTime,
  ink,
  MARGIN,
  muted,
  PageWriter,
  signatureBlue,
  wrapText,
  type SealFonts,
} from './pdf-seal-layout.ts';
import { sealLabel, sealTexts } from './pdf-seal-texts.ts';
import type { SealComposition, SealInput, SealSigner } from './tasks.ts';

/** What the pages show: the request and the seal certificate's name, without the key. */
type SealContent = Omit<SealInput, 'seal'> & Pick<SealComposition, 'sealCertificate'>;

/**
 * Runs in a processing child. The pages sealing appends after the documents: the signatures
 * (each signer's typed or drawn signature with name and date, or a "Declined" stamp with the
 * reason) and the audit trail. English with the signers' language after a slash
 * (pdf-seal-texts.ts).
 */

const BOX_WIDTH = 210;
const BOX_HEIGHT = BOX_WIDTH / 3; // the 3:1 box the strokes were drawn in
/** The box, then up to two lines of name, two of e-mail and the date under the line. */
const BLOCK_HEIGHT = BOX_HEIGHT + 92;
const COLUMN_GAP = A4.width - 2 * MARGIN - 2 * BOX_WIDTH;

function headerFor(fonts: SealFonts, title: string, request: SealContent['request']) {
  return (page: PDFPage): number => {
    let y = A4.height - MARGIN;
    page.drawText(title, { x: MARGIN, y: y - 16, size: 16, font: fonts.bold, color: ink });
    y -= 34;
    for (const line of wrapText(request.subject, fonts.regular, 10, A4.width - 2 * MARGIN)) {
      page.drawText(line, { x: MARGIN, y: y - 10, size: 10, font: fonts.regular, color: ink });
      y -= 14;
    }
    const reference = `${request.providerName} · ${request.id}`;
    page.drawText(reference, { x: MARGIN, y: y - 9, size: 8, font: fonts.regular, color: muted });
    return y - 24;
  };
}

function drawStrokes(
  page: PDFPage,
  strokes: NonNullable<SealSigner['strokes']>,
  x: number,
  top: number,
): void {
  for (const stroke of strokes) {
    const [first, ...rest] = stroke;
    if (!first) continue;
    const point = ([px, py]: [number, number]) =>
      `${(px * BOX_WIDTH).toFixed(2)} ${(py * BOX_HEIGHT).toFixed(2)}`;
    // A single point (a dot on an i) is a tiny line, so its round cap shows.
    const path =
      rest.length === 0
        ? `M ${point(first)} l 0.4 0`
        : `M ${point(first)} ${rest.map((next) => `L ${point(next)}`).join(' ')}`;
    page.drawSvgPath(path, {
      x,
      y: top,
      borderColor: signatureBlue,
      borderWidth: 1.6,
      borderLineCap: 1, // round
    });
  }
}

function drawTypedName(page: PDFPage, fonts: SealFonts, name: string, x: number, top: number) {
  const font = fonts.handwriting && canHandwrite(name) ? fonts.handwriting : fonts.signature;
  let size = font === fonts.handwriting ? 36 : 30;
  while (size > 10 && font.widthOfTextAtSize(name, size) > BOX_WIDTH - 8) size -= 1;
  page.drawText(name, {
    x: x + 4,
    y: top - BOX_HEIGHT + 14,
    size,
    font,
    color: signatureBlue,
  });
}

function drawDeclinedStamp(
  page: PDFPage,
  fonts: SealFonts,
  signer: SealSigner,
  at: { x: number; top: number; language: Language },
) {
  const { x, top, language } = at;
  page.drawRectangle({
    x,
    y: top - BOX_HEIGHT,
    width: BOX_WIDTH,
    height: BOX_HEIGHT,
    borderColor: declinedRed,
    borderWidth: 2,
  });
  page.drawText(sealLabel(language, 'declined'), {
    x: x + 8,
    y: top - 20,
    size: 13,
    font: fonts.bold,
    color: declinedRed,
  });
  const reason = `${sealLabel(language, 'declined')}: ${signer.declinedReason ?? '—'}`;
  const lines = wrapText(reason, fonts.regular, 8, BOX_WIDTH - 16);
  for (const [index, line] of lines.slice(0, 4).entries()) {
    page.drawText(line, {
      x: x + 8,
      y: top - 34 - index * 10,
      size: 8,
      font: fonts.regular,
      color: declinedRed,
    });
  }
}

function captionOf(signer: SealSigner, language: Language): string {
  if (signer.status === 'signed') {
    return `${sealLabel(language, 'signed')}: ${formatTime(signer.signedAt)}`;
  }
  if (signer.status === 'declined') {
    return `${sealLabel(language, 'declined')}: ${formatTime(signer.declinedAt)}`;
  }
  return sealLabel(language, 'notSigned');
}

function drawSigner(
  page: PDFPage,
  fonts: SealFonts,
  signer: SealSigner,
  at: { x: number; top: number; language: Language },
) {
  const { x, top, language } = at;
  if (signer.status === 'signed' && signer.strokes) drawStrokes(page, signer.strokes, x, top);
  else if (signer.status === 'signed') {
    drawTypedName(page, fonts, signer.typedName ?? signer.name, x, top);
  } else if (signer.status === 'declined') drawDeclinedStamp(page, fonts, signer, at);
  const lineY = top - BOX_HEIGHT - 4;
  page.drawLine({
    start: { x, y: lineY },
    end: { x: x + BOX_WIDTH, y: lineY },
    thickness: 0.7,
    color: ink,
  });
  const lines: Array<[string, number, typeof fonts.regular, number]> = [
    [signer.name, 10, fonts.bold, 2],
    [signer.email, 8, fonts.regular, 2],
    [captionOf(signer, language), 8, fonts.regular, 1],
  ];
  let y = lineY - 14;
  for (const [text, size, font, maxLines] of lines) {
    for (const line of wrapText(text, font, size, BOX_WIDTH).slice(0, maxLines)) {
      page.drawText(line, { x, y, size, font, color: ink });
      y -= size + 4;
    }
    y -= 1;
  }
}

/** The typed names on the signatures page that the handwriting font can write. */
export function needsHandwriting(input: SealContent): boolean {
  return input.signers.some(
    (signer) =>
      signer.status === 'signed' &&
      !signer.strokes &&
      canHandwrite(signer.typedName ?? signer.name),
  );
}

/** Each signer's signature (or stamp), two to a row. */
export function addSignaturePages(
  document: PDFDocument,
  input: SealContent,
  fonts: SealFonts,
): void {
  const writer = new PageWriter(
    document,
    headerFor(fonts, sealLabel(input.language, 'signatures'), input.request),
  );
  if (input.outcome === 'declined') {
    writer.text(sealLabel(input.language, 'requestDeclined'), {
      font: fonts.bold,
      size: 11,
      color: declinedRed,
    });
    writer.gap(10);
  }
  for (let index = 0; index < input.signers.length; index += 2) {
    writer.ensure(BLOCK_HEIGHT);
    const top = writer.y;
    for (const [column, signer] of input.signers.slice(index, index + 2).entries()) {
      drawSigner(writer.page, fonts, signer, {
        x: MARGIN + column * (BOX_WIDTH + COLUMN_GAP),
        top,
        language: input.language,
      });
    }
    writer.y -= BLOCK_HEIGHT;
  }
}

function statusText(signer: SealSigner, language: Language): string {
  if (signer.status === 'signed') return sealLabel(language, 'signed');
  if (signer.status === 'declined') return sealLabel(language, 'declined');
  return sealLabel(language, 'notSigned');
}

function methodText(signer: SealSigner, language: Language): string {
  if (signer.method === 'typed') return sealLabel(language, 'typedName');
  if (signer.method === 'drawn') return sealLabel(language, 'drawn');
  return '—';
}

/** How Kuvert knew it was them, in words; a way not listed here is shown as recorded. */
const identifiedByKeys = { password: 'passwordAgain', session: 'session' } as const;

function isListedWay(way: string): way is keyof typeof identifiedByKeys {
  return Object.hasOwn(identifiedByKeys, way);
}

/**
 * A verified identity names its identity provider and level of assurance
 * ("identified by <issuer>, level <acr>"); the other ways are words from the list above.
 */
function identifiedByOf(signer: SealSigner, language: Language): string {
  const identity = signer.verifiedIdentity;
  if (identity) {
    const english = sealTexts.en.identifiedByIssuer(identity.issuer, identity.acr);
    const own = sealTexts[language].identifiedByIssuer(identity.issuer, identity.acr);
    return own === english ? english : `${english} / ${own}`;
  }
  if (!signer.identifiedBy) return '—';
  const way = signer.identifiedBy;
  return isListedWay(way) ? sealLabel(language, identifiedByKeys[way]) : way;
}

/** The audit trail: the request, each signer, each original's SHA-256, when it was sealed. */
export function addAuditPages(
  document: PDFDocument,
  input: SealContent,
  originalSha256: string[],
  fonts: SealFonts,
): void {
  const { request, language } = input;
  const writer = new PageWriter(
    document,
    headerFor(fonts, sealLabel(language, 'auditTrail'), request),
  );
  writer.field(sealLabel(language, 'subject'), request.subject, fonts);
  writer.field(sealLabel(language, 'sender'), request.providerName, fonts);
  writer.field(sealLabel(language, 'requestId'), request.id, fonts, fonts.mono);
  writer.field(sealLabel(language, 'created'), formatTime(request.createdAt), fonts);
  writer.field(sealLabel(language, 'due'), request.dueDate, fonts);
  writer.field(
    sealLabel(language, 'outcome'),
    sealLabel(language, input.outcome === 'completed' ? 'completed' : 'declined'),
    fonts,
  );
  writer.field(sealLabel(language, 'sealedAt'), formatTime(input.sealedAt), fonts);
  writer.field(sealLabel(language, 'sealedBy'), input.sealCertificate.commonName, fonts);
  writer.field(
    sealLabel(language, 'certificate'),
    `SHA-256 ${input.sealCertificate.fingerprint256}`,
    fonts,
    fonts.mono,
    7,
  );
  writer.rule();
  writer.text(sealLabel(language, 'documents'), { font: fonts.bold, size: 11 });
  for (const [index, document_] of input.documents.entries()) {
    writer.field(`${index + 1}. ${sealLabel(language, 'file')}`, document_.filename, fonts);
    // Small enough that the 64 hex digits stay on one line (and are found by a search).
    writer.field('SHA-256', originalSha256[index] ?? '', fonts, fonts.mono, 7.5);
  }
  writer.rule();
  writer.text(sealLabel(language, 'signers'), { font: fonts.bold, size: 11 });
  for (const signer of input.signers) {
    writer.gap(4);
    writer.ensure(110);
    writer.field(sealLabel(language, 'name'), signer.name, fonts);
    writer.field(sealLabel(language, 'email'), signer.email, fonts);
    writer.field(sealLabel(language, 'status'), statusText(signer, language), fonts);
    writer.field(sealLabel(language, 'signature'), methodText(signer, language), fonts);
    const time = signer.status === 'declined' ? signer.declinedAt : signer.signedAt;
    writer.field(sealLabel(language, 'time'), formatTime(time), fonts);
    if (signer.status === 'declined') {
      writer.field(sealLabel(language, 'reason'), signer.declinedReason ?? '—', fonts);
    }
    writer.field(sealLabel(language, 'ipAddress'), signer.ipAddress ?? '—', fonts);
    writer.field(sealLabel(language, 'userAgent'), signer.userAgent ?? '—', fonts);
    writer.field(sealLabel(language, 'identifiedBy'), identifiedByOf(signer, language), fonts);
    if (signer.verifiedIdentity) {
      writer.field(sealLabel(language, 'verifiedName'), signer.verifiedIdentity.name ?? '—', fonts);
    }
  }
  writer.rule();
  writer.text(sealLabel(language, 'footer'), { font: fonts.regular, size: 8, color: muted });
}
