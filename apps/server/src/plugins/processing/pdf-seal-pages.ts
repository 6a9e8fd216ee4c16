import type { PDFDocument, PDFPage } from 'pdf-lib';
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
import type { SealComposition, SealInput, SealSigner } from './tasks.ts';

/** What the pages show: the request and the seal certificate's name, without the key. */
type SealContent = Omit<SealInput, 'seal'> & Pick<SealComposition, 'sealCertificate'>;

/**
 * Runs in a processing child. The pages sealing appends after the documents: the signatures
 * (each signer's typed or drawn signature with name and date, or a "Declined" stamp with the
 * reason) and the audit trail. English with the German label after a slash.
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
  x: number,
  top: number,
) {
  page.drawRectangle({
    x,
    y: top - BOX_HEIGHT,
    width: BOX_WIDTH,
    height: BOX_HEIGHT,
    borderColor: declinedRed,
    borderWidth: 2,
  });
  page.drawText('Declined / Abgelehnt', {
    x: x + 8,
    y: top - 20,
    size: 13,
    font: fonts.bold,
    color: declinedRed,
  });
  const reason = `Declined: ${signer.declinedReason ?? '—'}`;
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

function captionOf(signer: SealSigner): string {
  if (signer.status === 'signed') return `Signed / Unterschrieben: ${formatTime(signer.signedAt)}`;
  if (signer.status === 'declined') {
    return `Declined / Abgelehnt: ${formatTime(signer.declinedAt)}`;
  }
  return 'Not signed / Nicht unterschrieben';
}

function drawSigner(page: PDFPage, fonts: SealFonts, signer: SealSigner, x: number, top: number) {
  if (signer.status === 'signed' && signer.strokes) drawStrokes(page, signer.strokes, x, top);
  else if (signer.status === 'signed') {
    drawTypedName(page, fonts, signer.typedName ?? signer.name, x, top);
  } else if (signer.status === 'declined') drawDeclinedStamp(page, fonts, signer, x, top);
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
    [captionOf(signer), 8, fonts.regular, 1],
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
    headerFor(fonts, 'Signatures / Unterschriften', input.request),
  );
  if (input.outcome === 'declined') {
    writer.text('This request was declined. / Diese Anfrage wurde abgelehnt.', {
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
      drawSigner(writer.page, fonts, signer, MARGIN + column * (BOX_WIDTH + COLUMN_GAP), top);
    }
    writer.y -= BLOCK_HEIGHT;
  }
}

function statusText(signer: SealSigner): string {
  if (signer.status === 'signed') return 'Signed / Unterschrieben';
  if (signer.status === 'declined') return 'Declined / Abgelehnt';
  return 'Not signed / Nicht unterschrieben';
}

function methodText(signer: SealSigner): string {
  if (signer.method === 'typed') return 'Typed name / Getippter Name';
  if (signer.method === 'drawn') return 'Drawn / Gezeichnet';
  return '—';
}

/** How Kuvert knew it was them, in words; a way not listed here is shown as recorded. */
const identifiedByText: Record<string, string> = {
  password: 'Signed in, password entered again / Angemeldet, Passwort erneut eingegeben',
  session: 'Signed-in session / Angemeldete Sitzung',
};

/**
 * A verified identity names its identity provider and level of assurance
 * ("identified by <issuer>, level <acr>"); the other ways are words from the list above.
 */
function identifiedByOf(signer: SealSigner): string {
  const identity = signer.verifiedIdentity;
  if (identity) {
    const level = identity.acr ? `, level ${identity.acr}` : '';
    const niveau = identity.acr ? `, Niveau ${identity.acr}` : '';
    return `identified by ${identity.issuer}${level} / identifiziert durch ${identity.issuer}${niveau}`;
  }
  if (!signer.identifiedBy) return '—';
  return identifiedByText[signer.identifiedBy] ?? signer.identifiedBy;
}

/** The audit trail: the request, each signer, each original's SHA-256, when it was sealed. */
export function addAuditPages(
  document: PDFDocument,
  input: SealContent,
  originalSha256: string[],
  fonts: SealFonts,
): void {
  const writer = new PageWriter(
    document,
    headerFor(fonts, 'Audit trail / Prüfprotokoll', input.request),
  );
  const { request } = input;
  writer.field('Subject / Betreff', request.subject, fonts);
  writer.field('Sender / Absender', request.providerName, fonts);
  writer.field('Request ID / Anfrage-ID', request.id, fonts, fonts.mono);
  writer.field('Created / Erstellt', formatTime(request.createdAt), fonts);
  writer.field('Due / Fällig', request.dueDate, fonts);
  writer.field(
    'Outcome / Ergebnis',
    input.outcome === 'completed' ? 'Completed / Abgeschlossen' : 'Declined / Abgelehnt',
    fonts,
  );
  writer.field('Sealed at / Versiegelt am', formatTime(input.sealedAt), fonts);
  writer.field('Sealed by / Versiegelt von', input.sealCertificate.commonName, fonts);
  writer.field(
    'Certificate / Zertifikat',
    `SHA-256 ${input.sealCertificate.fingerprint256}`,
    fonts,
    fonts.mono,
    7,
  );
  writer.rule();
  writer.text('Documents / Dokumente', { font: fonts.bold, size: 11 });
  for (const [index, document_] of input.documents.entries()) {
    writer.field(`${index + 1}. File / Datei`, document_.filename, fonts);
    // Small enough that the 64 hex digits stay on one line (and are found by a search).
    writer.field('SHA-256', originalSha256[index] ?? '', fonts, fonts.mono, 7.5);
  }
  writer.rule();
  writer.text('Signers / Unterzeichnende', { font: fonts.bold, size: 11 });
  for (const signer of input.signers) {
    writer.gap(4);
    writer.ensure(110);
    writer.field('Name', signer.name, fonts);
    writer.field('E-mail / E-Mail', signer.email, fonts);
    writer.field('Status', statusText(signer), fonts);
    writer.field('Signature / Unterschrift', methodText(signer), fonts);
    const time = signer.status === 'declined' ? signer.declinedAt : signer.signedAt;
    writer.field('Time / Zeitpunkt', formatTime(time), fonts);
    if (signer.status === 'declined') {
      writer.field('Reason / Grund', signer.declinedReason ?? '—', fonts);
    }
    writer.field('IP address / IP-Adresse', signer.ipAddress ?? '—', fonts);
    writer.field('User agent / Browser', signer.userAgent ?? '—', fonts);
    writer.field('Identified by / Identifiziert durch', identifiedByOf(signer), fonts);
    if (signer.verifiedIdentity) {
      writer.field(
        'Verified name / Verifizierter Name',
        signer.verifiedIdentity.name ?? '—',
        fonts,
      );
    }
  }
  writer.rule();
  writer.text(
    'Sealed with an electronic seal (PAdES) by Kuvert; any change after sealing breaks it. / ' +
      'Von Kuvert elektronisch versiegelt (PAdES); jede spätere Änderung bricht das Siegel.',
    { font: fonts.regular, size: 8, color: muted },
  );
}
