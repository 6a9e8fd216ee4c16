import type { Language } from '@kuvert/shared/auth';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import {
  A4,
  CONTENT_WIDTH,
  LetterCanvas,
  MARGIN_LEFT,
  MARGIN_RIGHT,
  colors,
  mm,
} from './letter-pdf-canvas.ts';
import { drawTable, type LetterTable } from './letter-pdf-table.ts';
import { localeOf } from './locale.ts';

export type { LetterTable } from './letter-pdf-table.ts';

export interface LetterParty {
  name: string;
  addressLines: string[];
}

export interface LetterContent {
  sender: LetterParty;
  recipient: LetterParty;
  date: Date;
  subject: string;
  paragraphs: string[];
  table?: LetterTable;
  /** Paragraphs after the table, such as the payment request and the closing greeting. */
  closingParagraphs?: string[];
  /** Small print at the foot of every page (registered office, bank details); may hold \n. */
  footer?: string;
  language: Language;
  /** The time zone the letter is dated in. */
  timeZone?: string;
}

interface LetterLabels {
  date: string;
  total: string;
  page: (n: number, of: number) => string;
}

/** A letter's fixed words (exported for the test that none is left in English). */
export const letterLabels: Record<Language, LetterLabels> = {
  en: { date: 'Date', total: 'Total', page: (n, of) => `Page ${n} of ${of}` },
  de: { date: 'Datum', total: 'Gesamt', page: (n, of) => `Seite ${n} von ${of}` },
  sv: { date: 'Datum', total: 'Summa', page: (n, of) => `Sida ${n} av ${of}` },
  da: { date: 'Dato', total: 'I alt', page: (n, of) => `Side ${n} af ${of}` },
  nb: { date: 'Dato', total: 'Totalt', page: (n, of) => `Side ${n} av ${of}` },
};

const BODY_SIZE = 10.5;
const BODY_LINE_HEIGHT = 15;
const RIGHT_EDGE = A4.width - MARGIN_RIGHT;
const BAND_HEIGHT = mm(27);
/** DIN 5008 form B address field: 20 mm from the left, 45 mm from the top, 85 × 45 mm. */
const ADDRESS_FIELD = { left: mm(20), top: mm(45), width: mm(85), height: mm(45) };
/** The field's upper 17.7 mm hold the return address; the address proper starts below. */
const ADDRESS_ZONE_TOP = ADDRESS_FIELD.top + mm(17.7);
const ADDRESS_INSET = mm(5);
const SUBJECT_TOP = mm(98.46);
const FOOTER_RULE_TOP = A4.height - mm(24);

function drawLetterhead(canvas: LetterCanvas, content: LetterContent): void {
  canvas.rectangle(0, 0, A4.width, BAND_HEIGHT, colors.accent);
  canvas.text(content.sender.name, MARGIN_LEFT, mm(15.5), {
    font: canvas.fonts.bold,
    size: 17,
    color: colors.white,
  });
  content.sender.addressLines.slice(0, 3).forEach((line, index) => {
    canvas.text(line, RIGHT_EDGE, mm(10) + index * 10, {
      size: 8,
      color: colors.white,
      align: 'right',
    });
  });
}

/** Marks for folding into a DL envelope (105 mm, 210 mm) and for the punch hole (148.5 mm). */
function drawFoldMarks(canvas: LetterCanvas): void {
  for (const [top, length] of [
    [105, 5],
    [148.5, 7],
    [210, 5],
  ] as const) {
    canvas.line(mm(3), mm(3 + length), mm(top), colors.rule, 0.6);
  }
}

/** "Name · Street · Town" in one line; trailing parts (the country first) go if it is too long. */
function fitReturnLine(canvas: LetterCanvas, sender: LetterParty, width: number): string {
  const parts = [sender.name, ...sender.addressLines].map(canvas.sanitize);
  while (parts.length > 1 && canvas.fonts.regular.widthOfTextAtSize(parts.join(' · '), 7) > width) {
    parts.pop();
  }
  return canvas.firstLine(parts.join(' · '), width, { size: 7 });
}

function drawAddressField(canvas: LetterCanvas, content: LetterContent): void {
  const left = ADDRESS_FIELD.left + ADDRESS_INSET;
  const fittedReturnLine = fitReturnLine(
    canvas,
    content.sender,
    ADDRESS_FIELD.width - 2 * ADDRESS_INSET,
  );
  const returnTop = ADDRESS_ZONE_TOP - mm(3);
  canvas.text(fittedReturnLine, left, returnTop, { size: 7, color: colors.muted });
  const returnLineWidth = canvas.fonts.regular.widthOfTextAtSize(fittedReturnLine, 7);
  canvas.line(left, left + returnLineWidth, returnTop + 1.6, colors.muted, 0.4);

  // The address zone holds six lines; more would show outside an envelope's window.
  const lines = [content.recipient.name, ...content.recipient.addressLines].slice(0, 6);
  lines.forEach((line, index) => {
    canvas.text(line, left, ADDRESS_ZONE_TOP + mm(4.5) + index * 12.5, { size: 10.5 });
  });
}

function drawDate(canvas: LetterCanvas, content: LetterContent): void {
  const text = letterLabels[content.language];
  const formatted = new Intl.DateTimeFormat(localeOf(content.language), {
    dateStyle: 'long',
    timeZone: content.timeZone ?? 'Europe/Berlin',
  }).format(content.date);
  canvas.text(text.date, RIGHT_EDGE, mm(56), { size: 8, color: colors.muted, align: 'right' });
  canvas.text(formatted, RIGHT_EDGE, mm(61), { size: 10, align: 'right' });
}

function drawContinuationHeader(canvas: LetterCanvas, content: LetterContent): void {
  canvas.rectangle(0, 0, A4.width, mm(4), colors.accent);
  canvas.text(content.sender.name, MARGIN_LEFT, mm(16), {
    font: canvas.fonts.bold,
    size: 9,
    color: colors.accent,
  });
  const subject = canvas.firstLine(content.subject, CONTENT_WIDTH / 2, { size: 9 });
  canvas.text(subject, RIGHT_EDGE, mm(16), { size: 9, color: colors.muted, align: 'right' });
  canvas.line(MARGIN_LEFT, RIGHT_EDGE, mm(19.5));
}

/** Footer text and page numbers go on last, when the number of pages is known. */
function drawFooters(canvas: LetterCanvas, content: LetterContent): void {
  const pageLabel = letterLabels[content.language].page;
  const footerLines = content.footer
    ? canvas.wrap(content.footer, CONTENT_WIDTH * 0.75, { size: 7.5 })
    : [];
  canvas.pages.forEach((page, index) => {
    canvas.line(MARGIN_LEFT, RIGHT_EDGE, FOOTER_RULE_TOP, colors.rule, 0.5, page);
    footerLines.slice(0, 4).forEach((line, lineIndex) => {
      canvas.text(
        line,
        MARGIN_LEFT,
        FOOTER_RULE_TOP + mm(4.5) + lineIndex * 9.5,
        { size: 7.5, color: colors.muted },
        page,
      );
    });
    canvas.text(
      pageLabel(index + 1, canvas.pages.length),
      RIGHT_EDGE,
      FOOTER_RULE_TOP + mm(4.5),
      {
        size: 7.5,
        color: colors.muted,
        align: 'right',
      },
      page,
    );
  });
}

function drawParagraphs(canvas: LetterCanvas, paragraphs: string[]): void {
  for (const paragraph of paragraphs) {
    canvas.y += BODY_LINE_HEIGHT * 0.6;
    canvas.paragraph(paragraph, { size: BODY_SIZE, lineHeight: BODY_LINE_HEIGHT });
  }
}

function drawBody(canvas: LetterCanvas, content: LetterContent): void {
  canvas.y = SUBJECT_TOP;
  const subjectStyle = { font: canvas.fonts.bold, size: 12 };
  for (const line of canvas.wrap(content.subject, CONTENT_WIDTH, subjectStyle)) {
    canvas.text(line, MARGIN_LEFT, canvas.y, subjectStyle);
    canvas.y += 16;
  }
  canvas.y += BODY_LINE_HEIGHT - 16;
  drawParagraphs(canvas, content.paragraphs);
  if (content.table) {
    canvas.y += BODY_LINE_HEIGHT;
    drawTable(canvas, content.table, letterLabels[content.language].total);
    canvas.y += BODY_LINE_HEIGHT * 0.4;
  }
  drawParagraphs(canvas, content.closingParagraphs ?? []);
}

/**
 * A business letter as a PDF, laid out after DIN 5008 form B so that it fits a window
 * envelope when printed: letterhead, return line and address in the window, date, bold
 * subject, wrapped body over as many pages as needed, an optional invoice table, and a footer
 * with page numbers. Same content, same bytes: the letter's date is also the PDF's.
 */
export async function renderLetterPdf(content: LetterContent): Promise<Uint8Array> {
  const document = await PDFDocument.create({ updateMetadata: false });
  document.setTitle(content.subject);
  document.setAuthor(content.sender.name);
  document.setCreator('Kuvert');
  document.setProducer('Kuvert');
  document.setLanguage(content.language);
  document.setCreationDate(content.date);
  document.setModificationDate(content.date);
  const fonts = {
    regular: await document.embedFont(StandardFonts.Helvetica),
    bold: await document.embedFont(StandardFonts.HelveticaBold),
  };
  const canvas = new LetterCanvas(document, fonts, (current) =>
    drawContinuationHeader(current, content),
  );

  canvas.addPage();
  drawLetterhead(canvas, content);
  drawFoldMarks(canvas);
  drawAddressField(canvas, content);
  drawDate(canvas, content);
  drawBody(canvas, content);
  drawFooters(canvas, content);
  return document.save();
}
