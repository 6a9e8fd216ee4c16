import { createRequire } from 'node:module';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { degrees, PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

/**
 * Documents a user uploads, made here rather than kept as files: photos of letters (text
 * drawn with a real font, on paper that is a little rotated, shaded and grainy, lying on a
 * table), scans without a text layer, PDFs with one, and CSVs as German Excel writes them.
 * Deterministic: the same call gives the same bytes.
 */

const fontFolder = path.join(
  path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);
GlobalFonts.registerFromPath(path.join(fontFolder, 'DejaVuSerif.ttf'), 'Fixture Serif');
GlobalFonts.registerFromPath(path.join(fontFolder, 'DejaVuSans-Bold.ttf'), 'Fixture Sans Bold');
GlobalFonts.registerFromPath(path.join(fontFolder, 'DejaVuSans.ttf'), 'Fixture Sans');

/** The word that exists only in the photo of the German letter (and so only through OCR). */
export const PHOTO_WORD = 'Grundsteuerbescheid';
/** The word that exists only in the text PDF. */
export const PDF_WORD = 'Hausratversicherung';

export const GERMAN_LETTER: LetterText = {
  letterhead: 'Stadt Musterhausen · Steueramt',
  sender: 'Stadt Musterhausen · Rathausplatz 1 · 12345 Musterhausen',
  address: ['Frau', 'Erika Mustermann', 'Lindenallee 7', '12345 Musterhausen'],
  date: 'Musterhausen, 14. März 2025',
  subject: `${PHOTO_WORD} für das Kalenderjahr 2025`,
  body: [
    'Sehr geehrte Frau Mustermann,',
    '',
    'für Ihr Grundstück Lindenallee 7 wird die Grundsteuer für das',
    'Kalenderjahr 2025 auf 412,00 € festgesetzt. Der Betrag ist in',
    'vier Raten zum 15. Februar, 15. Mai, 15. August und 15. November',
    'fällig. Bitte überweisen Sie die Beträge unter Angabe des',
    'Aktenzeichens 4711-GS-2025.',
    '',
    'Mit freundlichen Grüßen',
    'Ihr Steueramt',
  ],
};

/** An English letter, for OCR of the second language. */
export const ENGLISH_WORD = 'Reimbursement';
export const ENGLISH_LETTER: LetterText = {
  letterhead: 'Northfield Health Insurance',
  sender: 'Northfield Health Insurance · 12 Harbour Road · Leeds LS1 4AB',
  address: ['Mr John Smith', '221 Baker Street', 'London NW1 6XE'],
  date: 'Leeds, 3 April 2025',
  subject: `${ENGLISH_WORD} of your treatment costs`,
  body: [
    'Dear Mr Smith,',
    '',
    'thank you for sending us the invoice of your physiotherapy.',
    'We will transfer 245.00 GBP to your account within the next',
    'five working days.',
    '',
    'Yours sincerely,',
    'Claims Department',
  ],
};

/**
 * Short letters: the words a test looks for and little else. OCR time grows with the lines on
 * a page (a scanned page of a whole letter takes about twice the CPU of a short one), so tests
 * about pages, sizes and turns read these; the whole letters are read where their words matter.
 */
export const SHORT_GERMAN_LETTER: LetterText = {
  letterhead: 'Steueramt',
  sender: 'Rathausplatz 1',
  address: ['Erika Mustermann'],
  date: '14. März 2025',
  subject: PHOTO_WORD,
  body: ['Mit freundlichen Grüßen'],
};
export const SHORT_ENGLISH_LETTER: LetterText = {
  letterhead: 'Northfield Health',
  sender: 'Harbour Road',
  address: ['John Smith'],
  date: '3 April 2025',
  subject: ENGLISH_WORD,
  body: ['Yours sincerely'],
};

export interface LetterText {
  letterhead: string;
  sender: string;
  address: string[];
  date: string;
  subject: string;
  body: string[];
}

/** A small, seeded random source (mulberry32): the same noise every time. */
function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

export interface PhotoOptions {
  /** Degrees the sheet is turned on the table. */
  rotation?: number;
  /** Width of the photo in pixels; the sheet fills most of it. */
  width?: number;
  seed?: number;
}

/** A photo (PNG) of a printed letter lying on a table, as a phone would take it. */
export function letterPhotoPng(
  letter: LetterText = GERMAN_LETTER,
  options: PhotoOptions = {},
): Buffer {
  const width = options.width ?? 1400;
  const height = Math.round(width * 1.36);
  const random = randomFrom(options.seed ?? 7);
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  // The table: a dark wood-like brown.
  context.fillStyle = '#5b4636';
  context.fillRect(0, 0, width, height);
  // The sheet, slightly turned, with light falling from the upper left.
  const sheetWidth = width * 0.9;
  const sheetHeight = sheetWidth * 1.414;
  context.save();
  context.translate(width / 2, height / 2);
  context.rotate(((options.rotation ?? 1.2) * Math.PI) / 180);
  context.translate(-sheetWidth / 2, -sheetHeight / 2);
  const light = context.createLinearGradient(0, 0, sheetWidth, sheetHeight);
  light.addColorStop(0, '#fbf8f1');
  light.addColorStop(1, '#d9d4c8');
  context.fillStyle = light;
  context.fillRect(0, 0, sheetWidth, sheetHeight);
  // The print: sizes in units of the sheet width, as on A4.
  const unit = sheetWidth / 210;
  const left = 22 * unit;
  context.fillStyle = '#1d2a3a';
  context.font = `${7 * unit}px "Fixture Sans Bold"`;
  context.fillText(letter.letterhead, left, 24 * unit);
  context.fillStyle = '#2a2a2a';
  context.font = `${2.6 * unit}px "Fixture Sans"`;
  context.fillText(letter.sender, left, 50 * unit);
  context.font = `${4.2 * unit}px "Fixture Serif"`;
  letter.address.forEach((line, index) => context.fillText(line, left, (58 + index * 5.5) * unit));
  context.fillText(letter.date, 120 * unit, 98 * unit);
  context.font = `${4.6 * unit}px "Fixture Sans Bold"`;
  context.fillText(letter.subject, left, 112 * unit);
  context.font = `${4.2 * unit}px "Fixture Serif"`;
  letter.body.forEach((line, index) => context.fillText(line, left, (126 + index * 6.4) * unit));
  context.restore();
  // Sensor grain, in 2 × 2 blocks like a phone's noise reduction leaves it.
  const pixels = context.getImageData(0, 0, width, height);
  for (let y = 0; y < height; y += 2) {
    for (let x = 0; x < width; x += 2) {
      const grain = (random() - 0.5) * 18;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        if (x + dx >= width || y + dy >= height) continue;
        const offset = ((y + dy) * width + x + dx) * 4;
        for (let channel = 0; channel < 3; channel += 1) {
          const value = pixels.data[offset + channel] ?? 0;
          pixels.data[offset + channel] = Math.max(0, Math.min(255, value + grain));
        }
      }
    }
  }
  context.putImageData(pixels, 0, 0);
  return canvas.toBuffer('image/png');
}

/** The same photo as a JPEG, stored sideways with an EXIF orientation, as phones do. */
export async function sidewaysJpeg(png: Buffer): Promise<Buffer> {
  // Turned 90° anticlockwise on the sensor; orientation 6 says "turn clockwise to view".
  return sharp(png).rotate(-90).jpeg({ quality: 88 }).withMetadata({ orientation: 6 }).toBuffer();
}

/** The photo converted to another format (a WebP from a phone, a JPEG from a scanner). */
export function convertImage(png: Buffer, format: 'jpeg' | 'webp'): Promise<Buffer> {
  return format === 'jpeg'
    ? sharp(png).jpeg({ quality: 85 }).toBuffer()
    : sharp(png).webp({ quality: 85 }).toBuffer();
}

/** Fixed dates, so that the same call gives the same bytes. */
const FIXTURE_DATE = new Date('2025-03-14T09:30:00Z');

async function createPdf(): Promise<PDFDocument> {
  const document = await PDFDocument.create({ updateMetadata: false });
  document.setCreationDate(FIXTURE_DATE);
  document.setModificationDate(FIXTURE_DATE);
  document.setProducer('Kuvert test fixtures');
  return document;
}

/** A scan: each page one image filling an A4 page, and no text layer at all. */
export async function scannedPdf(pages: Buffer[]): Promise<Uint8Array> {
  const document = await createPdf();
  for (const png of pages) {
    const jpeg = await convertImage(png, 'jpeg');
    const image = await document.embedJpg(jpeg);
    const page = document.addPage([595.28, 841.89]);
    page.drawImage(image, { x: 0, y: 0, width: 595.28, height: 841.89 });
  }
  return document.save();
}

/**
 * A 600 dpi colour scan of an A4 page (4960 × 7016 pixels, 35 megapixels, one JPEG), stored
 * sideways with the page's /Rotate turning it upright, as some scanners file pages.
 */
export async function largeSidewaysScanPdf(png: Buffer): Promise<Uint8Array> {
  const jpeg = await sharp(png)
    .resize(4960, 7016, { fit: 'fill' })
    .rotate(-90)
    .jpeg({ quality: 80 })
    .toBuffer();
  const document = await createPdf();
  const image = await document.embedJpg(jpeg);
  // The page as stored is landscape; turned 90° clockwise it is A4 upright.
  const page = document.addPage([841.89, 595.28]);
  page.drawImage(image, { x: 0, y: 0, width: 841.89, height: 595.28 });
  page.setRotation(degrees(90));
  return document.save();
}

/** A PDF with a text layer, one page per entry, lines top to bottom. */
export async function textPdf(pages: string[][]): Promise<Uint8Array> {
  const document = await createPdf();
  document.setTitle('Vertrag');
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = document.addPage([595.28, 841.89]);
    lines.forEach((line, index) =>
      page.drawText(line, { x: 60, y: 770 - index * 18, size: 12, font }),
    );
  }
  return document.save();
}

export const CONTRACT_LINES = [
  'Versicherungsvertrag Nr. 2025-0815',
  '',
  `Vertrag über eine ${PDF_WORD} für die Wohnung`,
  'Lindenallee 7, 12345 Musterhausen.',
  '',
  'Versicherungssumme: 65.000,00 €',
  'Jahresbeitrag: 118,80 €, fällig zum 1. Januar.',
  'Kündigungsfrist: drei Monate zum Ende des Versicherungsjahres.',
];

/** Adds an image object whose dictionary claims `width` × `height` pixels to a PDF. */
export async function embedImageClaiming(
  bytes: Uint8Array,
  width: number,
  height: number,
): Promise<Uint8Array> {
  const document = await PDFDocument.load(bytes);
  const image = document.context.flateStream(new Uint8Array(width), {
    Type: 'XObject',
    Subtype: 'Image',
    Width: width,
    Height: height,
    ColorSpace: 'DeviceGray',
    BitsPerComponent: 8,
  });
  const reference = document.context.register(image);
  const page = document.getPage(0);
  page.node.setXObject(PDFName.of('Bomb'), reference);
  page.pushOperators();
  return document.save();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/**
 * A decompression bomb: a small PNG whose header claims `width` × `height` grey pixels (50,000
 * × 50,000 is 2.5 gigapixels, 10 GB as RGBA), with a few rows of real data behind it.
 */
export function pixelBombPng(width = 50_000, height = 50_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  const rows = Buffer.alloc((width + 1) * 16); // 16 rows of filter byte 0 and white-ish zeros
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Addresses as German Excel saves "CSV (Trennzeichen-getrennt)": Windows-1252 and `;`. */
export const ADDRESS_ROWS = [
  ['Anrede', 'Vorname', 'Nachname', 'Straße', 'PLZ', 'Ort', 'Betrag'],
  ['Frau', 'Jürgen', 'Müller', 'Hauptstraße 1', '50667', 'Köln', '12,50 €'],
  ['Herr', 'Özcan', 'Weiß', 'Gartenweg 3', '80331', 'München', '7,00 €'],
  ['Frau', 'Anna', 'Schäfer', 'Am Bach 5\r\nHinterhaus', '20095', 'Hamburg', '1.024,00 €'],
];

function csvText(rows: string[][], delimiter: string): string {
  const quote = (value: string) =>
    value.includes(delimiter) || /["\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
  return rows.map((row) => row.map(quote).join(delimiter)).join('\r\n') + '\r\n';
}

/** Text in Windows-1252 (€ is 0x80); every character must exist there. */
export function windows1252(text: string): Buffer {
  const special: Record<string, number> = { '€': 0x80, '„': 0x84, '“': 0x93, '–': 0x96 };
  return Buffer.from(
    [...text].map((character) => {
      const code = special[character] ?? character.codePointAt(0) ?? 0;
      if (code > 0xff) throw new Error(`${character} is not in Windows-1252`);
      return code;
    }),
  );
}

export function windows1252Csv(rows: string[][] = ADDRESS_ROWS): Buffer {
  return windows1252(csvText(rows, ';'));
}

/** Excel's "Unicode text": UTF-16LE with a byte order mark, tab-separated. */
export function utf16Csv(rows: string[][] = ADDRESS_ROWS): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csvText(rows, '\t'), 'utf16le')]);
}

export function utf8Csv(rows: string[][] = ADDRESS_ROWS, options: { bom?: boolean } = {}): Buffer {
  const body = Buffer.from(csvText(rows, ','), 'utf8');
  return options.bom ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]) : body;
}
