import { EncryptedPDFError, PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import {
  A4_PAGE,
  ADDRESS_FIELD,
  ADDRESS_FONT_SIZE,
  ADDRESS_TEXT_INDENT,
  ADDRESS_TEXT_WIDTH,
  FOLD_MARKS,
  mm,
  PUNCH_MARK,
  RETURN_LINE_FONT_SIZE,
} from '../../lib/address-window.ts';
import { contentSeed } from './pdf-font-subsets.ts';
import { embedDejaVuFonts, printable, wrapText, type Fonts } from './pdf-fonts.ts';
import { assertInflatesWithin } from './pdf-inflate.ts';
import {
  ProcessingError,
  type DocumentLimits,
  type PrintedLetter,
  type PrintLetterInput,
} from './tasks.ts';

/**
 * Runs in a processing child (task `letter.print`). A postal letter as a print-and-mail
 * service takes it: A4, DIN 5008 Form B. The address field (85 × 45 mm at 20/45 mm) holds the
 * return line and the address and nothing else; fold marks at 105 and 210 mm and the punch
 * mark at 148.5 mm on the left edge; the sender at the top right with the date below; the
 * subject in bold, the body wrapped to the text width over as many pages as it needs, each
 * following page numbered. Attachments follow, each from a new page: PDFs copied page by page
 * (scaled onto A4 when another size), PNG and JPEG fitted on a page of their own. All text is
 * DejaVu Sans, embedded as a subset, so any Latin, Greek or Cyrillic name prints.
 */

const ink = rgb(0.1, 0.1, 0.12);
const markGrey = rgb(0.45, 0.45, 0.45);
/** Form B: text from 25 mm, 20 mm kept on the right. */
const TEXT_LEFT = mm(25);
const TEXT_WIDTH = A4_PAGE.width - TEXT_LEFT - mm(20);
/** The sender block and the date (the information block) from 125 mm. */
const INFO_LEFT = mm(125);
const INFO_WIDTH = A4_PAGE.width - INFO_LEFT - mm(10);
const SUBJECT_TOP = mm(98.5);
const FOLLOWING_TOP = mm(20);
const BOTTOM = mm(22);
const BODY_SIZE = 10.5;
const BODY_LEADING = BODY_SIZE * 1.4;
const SUBJECT_SIZE = 11;
const SENDER_SIZE = 8.5;
const ADDRESS_LEADING = ADDRESS_FONT_SIZE * 1.2;
const ADDRESS_MAX_LINES = 6;
const RETURN_LINE_MIN_SIZE = 5;
const IMAGE_MARGIN = mm(15);

/** Pages have their origin at the bottom left; the layout measures from the top. */
const fromTop = (top: number) => A4_PAGE.height - top;

function drawMarks(page: PDFPage): void {
  for (const top of FOLD_MARKS) {
    page.drawLine({
      start: { x: mm(3), y: fromTop(top) },
      end: { x: mm(8), y: fromTop(top) },
      thickness: 0.4,
      color: markGrey,
    });
  }
  page.drawLine({
    start: { x: mm(3), y: fromTop(PUNCH_MARK) },
    end: { x: mm(10), y: fromTop(PUNCH_MARK) },
    thickness: 0.4,
    color: markGrey,
  });
}

/** The return line at 7 pt, smaller when it is long, cut with an ellipsis when still too long. */
function fitReturnLine(text: string, font: PDFFont): { text: string; size: number } {
  let size = RETURN_LINE_FONT_SIZE;
  while (size > RETURN_LINE_MIN_SIZE && font.widthOfTextAtSize(text, size) > ADDRESS_TEXT_WIDTH) {
    size -= 0.5;
  }
  let fitted = text;
  while (fitted.length > 1 && font.widthOfTextAtSize(fitted, size) > ADDRESS_TEXT_WIDTH) {
    fitted = `${fitted.slice(0, -2).trimEnd()}…`;
  }
  return { text: fitted, size };
}

function drawAddressField(page: PDFPage, input: PrintLetterInput, fonts: Fonts): void {
  const lines = input.addressLines.map((line) => printable(line).trim()).filter(Boolean);
  if (lines.length === 0) throw new ProcessingError('unreadable', 'The letter has no address.');
  if (lines.length > ADDRESS_MAX_LINES) {
    throw new ProcessingError(
      'unreadable',
      `The address has ${lines.length} lines; the window holds ${ADDRESS_MAX_LINES}.`,
    );
  }
  const tooWide = lines.find(
    (line) => fonts.regular.widthOfTextAtSize(line, ADDRESS_FONT_SIZE) > ADDRESS_TEXT_WIDTH,
  );
  if (tooWide !== undefined) {
    throw new ProcessingError(
      'unreadable',
      `The address line "${tooWide}" is too wide for the window.`,
    );
  }
  const x = ADDRESS_FIELD.left + ADDRESS_TEXT_INDENT;
  const remarkBottom = ADDRESS_FIELD.top + ADDRESS_FIELD.remarkZoneHeight;
  const returnLine = fitReturnLine(printable(input.returnLine).trim(), fonts.regular);
  if (returnLine.text !== '') {
    page.drawText(returnLine.text, {
      x,
      // On the remark zone's bottom line, its descenders inside the zone.
      y: fromTop(remarkBottom - 2.5),
      size: returnLine.size,
      font: fonts.regular,
      color: ink,
    });
  }
  let baseline = remarkBottom + mm(1.5) + ADDRESS_FONT_SIZE;
  for (const line of lines) {
    page.drawText(line, {
      x,
      y: fromTop(baseline),
      size: ADDRESS_FONT_SIZE,
      font: fonts.regular,
      color: ink,
    });
    baseline += ADDRESS_LEADING;
  }
}

/** Sender and date in the information block; the sender's name in bold. */
function drawSenderBlock(page: PDFPage, input: PrintLetterInput, fonts: Fonts): void {
  let baseline = mm(20);
  input.senderLines.forEach((raw, index) => {
    const font = index === 0 ? fonts.bold : fonts.regular;
    for (const line of wrapText(printable(raw), font, SENDER_SIZE, INFO_WIDTH)) {
      page.drawText(line, {
        x: INFO_LEFT,
        y: fromTop(baseline),
        size: SENDER_SIZE,
        font,
        color: ink,
      });
      baseline += SENDER_SIZE * 1.35;
    }
  });
  page.drawText(printable(input.date), {
    x: INFO_LEFT,
    y: fromTop(mm(87)),
    size: SENDER_SIZE + 1,
    font: fonts.regular,
    color: ink,
  });
}

interface LaidOutLine {
  text: string;
  bold: boolean;
  size: number;
  /** Space above the line. */
  before: number;
}

/** Subject and body as lines; blank lines between paragraphs are kept, one per blank line. */
function layOutText(input: PrintLetterInput, fonts: Fonts): LaidOutLine[] {
  const lines: LaidOutLine[] = wrapText(
    printable(input.subject),
    fonts.bold,
    SUBJECT_SIZE,
    TEXT_WIDTH,
  ).map((text) => ({ text, bold: true, size: SUBJECT_SIZE, before: SUBJECT_SIZE * 1.35 }));
  const body = printable(input.body).replace(/\r\n?/g, '\n').trimEnd();
  if (body.trim() === '') return lines;
  let before = BODY_LEADING * 2;
  for (const text of wrapText(body.replace(/^\n+/, ''), fonts.regular, BODY_SIZE, TEXT_WIDTH)) {
    lines.push({ text, bold: false, size: BODY_SIZE, before });
    before = BODY_LEADING;
  }
  return lines;
}

/** Which lines go on which page: the first page's text begins at the subject line. */
function paginate(lines: LaidOutLine[]): LaidOutLine[][] {
  const pages: LaidOutLine[][] = [[]];
  let y = SUBJECT_TOP - SUBJECT_SIZE * 1.35;
  for (const line of lines) {
    let current = pages[pages.length - 1] ?? [];
    if (y + line.before > A4_PAGE.height - BOTTOM && current.length > 0) {
      current = [];
      pages.push(current);
      y = FOLLOWING_TOP + BODY_LEADING * 1.5;
      // A page never starts with the blank lines that separated paragraphs.
      if (line.text === '') continue;
      current.push({ ...line, before: BODY_LEADING });
      y += BODY_LEADING;
      continue;
    }
    current.push(line);
    y += line.before;
  }
  return pages;
}

function drawLetterPages(document: PDFDocument, input: PrintLetterInput, fonts: Fonts): void {
  const pages = paginate(layOutText(input, fonts));
  pages.forEach((lines, index) => {
    const page = document.addPage([A4_PAGE.width, A4_PAGE.height]);
    drawMarks(page);
    let y: number;
    if (index === 0) {
      drawSenderBlock(page, input, fonts);
      drawAddressField(page, input, fonts);
      y = SUBJECT_TOP - SUBJECT_SIZE * 1.35;
    } else {
      const label = input.pageLabel
        .replace('{page}', String(index + 1))
        .replace('{pages}', String(pages.length));
      const width = fonts.regular.widthOfTextAtSize(label, SENDER_SIZE);
      page.drawText(label, {
        x: TEXT_LEFT + TEXT_WIDTH - width,
        y: fromTop(FOLLOWING_TOP),
        size: SENDER_SIZE,
        font: fonts.regular,
        color: ink,
      });
      y = FOLLOWING_TOP + BODY_LEADING * 1.5;
    }
    for (const line of lines) {
      y += line.before;
      if (line.text === '') continue;
      page.drawText(line.text, {
        x: TEXT_LEFT,
        y: fromTop(y),
        size: line.size,
        font: line.bold ? fonts.bold : fonts.regular,
        color: ink,
      });
    }
  });
}

async function loadAttachmentPdf(
  bytes: Uint8Array,
  filename: string,
  limits: DocumentLimits,
): Promise<PDFDocument> {
  let source: PDFDocument;
  try {
    source = await PDFDocument.load(bytes, { updateMetadata: false });
  } catch (error) {
    if (error instanceof EncryptedPDFError || (await isEncrypted(bytes))) {
      throw new ProcessingError('unreadable', `${filename} is encrypted and cannot be printed.`);
    }
    throw new ProcessingError('unreadable', `${filename} is not a PDF that can be printed.`);
  }
  if (source.isEncrypted) {
    throw new ProcessingError('unreadable', `${filename} is encrypted and cannot be printed.`);
  }
  let pageCount: number;
  try {
    pageCount = source.getPageCount();
  } catch {
    // Parsed, but without a page tree (HTML or a ZIP that called itself a PDF).
    throw new ProcessingError('unreadable', `${filename} is not a PDF that can be printed.`);
  }
  if (pageCount === 0)
    throw new ProcessingError('unreadable', `${filename} has no pages to print.`);
  if (pageCount > limits.maxPages) {
    throw new ProcessingError(
      'too_many_pages',
      `${filename} has more than ${limits.maxPages} pages.`,
    );
  }
  // A decompression bomb is recognised before anything is copied out of it.
  await assertInflatesWithin(source.context, limits.maxInflatedBytes);
  return source;
}

/** Whether a PDF that did not load says it is encrypted (its objects then do not parse). */
async function isEncrypted(bytes: Uint8Array): Promise<boolean> {
  try {
    const document = await PDFDocument.load(bytes, {
      updateMetadata: false,
      ignoreEncryption: true,
    });
    return document.isEncrypted;
  } catch {
    return false;
  }
}

/** Copies every page; one of another size than A4 is scaled to fit and centred on A4. */
async function appendPdf(
  document: PDFDocument,
  bytes: Uint8Array,
  filename: string,
  limits: DocumentLimits,
): Promise<void> {
  const source = await loadAttachmentPdf(bytes, filename, limits);
  let copied: PDFPage[];
  try {
    copied = await document.copyPages(source, source.getPageIndices());
  } catch {
    throw new ProcessingError('unreadable', `${filename} is not a PDF that can be printed.`);
  }
  for (const page of copied) {
    const { width, height } = page.getSize();
    const isTurned = page.getRotation().angle % 180 !== 0;
    // The sheet as it lies in the page's own (unrotated) coordinates.
    const target = isTurned
      ? { width: A4_PAGE.height, height: A4_PAGE.width }
      : { width: A4_PAGE.width, height: A4_PAGE.height };
    if (!(width > 0 && height > 0)) {
      throw new ProcessingError('unreadable', `${filename} has a page without a size.`);
    }
    if (Math.abs(width - target.width) > 2 || Math.abs(height - target.height) > 2) {
      const scale = Math.min(target.width / width, target.height / height);
      page.scale(scale, scale);
      page.setSize(target.width, target.height);
      page.translateContent(
        (target.width - width * scale) / 2,
        (target.height - height * scale) / 2,
      );
    }
    document.addPage(page);
  }
}

/** Width and height from a PNG's or JPEG's header, before anything is decoded. */
export function imageDimensions(bytes: Uint8Array): { width: number; height: number } | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const isPng =
    bytes.length >= 24 && view.getUint32(0) === 0x89504e47 && view.getUint32(12) === 0x49484452;
  if (isPng) return { width: view.getUint32(16), height: view.getUint32(20) };
  if (bytes.length < 4 || view.getUint16(0) !== 0xffd8) return undefined;
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    const length = view.getUint16(offset + 2);
    // Start of frame (baseline, progressive, …), not DHT (C4), JPG (C8) or DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) };
    }
    offset += 2 + length;
  }
  return undefined;
}

async function appendImage(
  document: PDFDocument,
  attachment: PrintLetterInput['attachments'][number],
  limits: DocumentLimits,
): Promise<void> {
  const { filename, bytes } = attachment;
  const size = imageDimensions(bytes);
  if (!size || size.width === 0 || size.height === 0) {
    throw new ProcessingError('unreadable', `${filename} is not an image that can be printed.`);
  }
  if (size.width * size.height > limits.maxPixels) {
    throw new ProcessingError(
      'too_much_data',
      `${filename} has ${size.width} × ${size.height} pixels, more than can be printed.`,
    );
  }
  let image;
  // A fresh copy: pdf-lib reads the JPEG's header from the start of its ArrayBuffer, and
  // bytes that came over IPC are a view into a larger one.
  const own = bytes.slice();
  try {
    image =
      attachment.contentType === 'image/png'
        ? await document.embedPng(own)
        : await document.embedJpg(own);
  } catch {
    throw new ProcessingError('unreadable', `${filename} is not an image that can be printed.`);
  }
  const box = {
    width: A4_PAGE.width - 2 * IMAGE_MARGIN,
    height: A4_PAGE.height - 2 * IMAGE_MARGIN,
  };
  // Fitted to the page; a small image is not blown up beyond 1 pixel per point.
  const scale = Math.min(box.width / image.width, box.height / image.height, 1);
  const width = image.width * scale;
  const height = image.height * scale;
  const page = document.addPage([A4_PAGE.width, A4_PAGE.height]);
  page.drawImage(image, {
    x: (A4_PAGE.width - width) / 2,
    y: A4_PAGE.height - IMAGE_MARGIN - height,
    width,
    height,
  });
}

export async function printLetter(input: PrintLetterInput): Promise<PrintedLetter> {
  const { limits } = input;
  const document = await PDFDocument.create({ updateMetadata: false });
  const fonts = await embedDejaVuFonts(document, contentSeed({ ...input, limits: undefined }));
  drawLetterPages(document, input, fonts);
  for (const attachment of input.attachments) {
    if (attachment.contentType === 'application/pdf') {
      await appendPdf(document, attachment.bytes, attachment.filename, limits);
    } else {
      await appendImage(document, attachment, limits);
    }
    if (document.getPageCount() > limits.maxPages) {
      throw new ProcessingError(
        'too_many_pages',
        `The letter with its attachments has more than ${limits.maxPages} pages.`,
      );
    }
  }
  const createdAt = new Date(input.createdAt);
  document.setTitle(printable(input.subject) || 'Letter');
  document.setProducer('Kuvert');
  document.setCreator('Kuvert');
  document.setCreationDate(createdAt);
  document.setModificationDate(createdAt);
  const bytes = await document.save({ addDefaultPage: false });
  return { bytes, pageCount: document.getPageCount() };
}

/**
 * Print PDFs one after the other (task `letter.combine`). They were made by `printLetter`
 * and held to the limits then; each still loads in this child, as they carry attachments.
 */
export async function combinePrintedLetters(documents: Uint8Array[]): Promise<PrintedLetter> {
  const combined = await PDFDocument.create({ updateMetadata: false });
  for (const bytes of documents) {
    const source = await PDFDocument.load(bytes, { updateMetadata: false });
    const pages = await combined.copyPages(source, source.getPageIndices());
    for (const page of pages) combined.addPage(page);
  }
  combined.setProducer('Kuvert');
  combined.setCreator('Kuvert');
  const bytes = await combined.save({ addDefaultPage: false });
  return { bytes, pageCount: combined.getPageCount() };
}
