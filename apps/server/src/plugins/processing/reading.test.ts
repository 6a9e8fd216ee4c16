import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { plainPdf } from '@kuvert/test-fixtures/hostile-pdfs';
import {
  CONTRACT_LINES,
  convertImage,
  embedImageClaiming,
  ENGLISH_LETTER,
  ENGLISH_WORD,
  largeSidewaysScanPdf,
  letterPhotoPng,
  PDF_WORD,
  PHOTO_WORD,
  pixelBombPng,
  scannedPdf,
  SHORT_ENGLISH_LETTER,
  SHORT_GERMAN_LETTER,
  sidewaysJpeg,
  textPdf,
  utf16Csv,
  windows1252Csv,
} from '../../test/upload-fixtures.ts';
import {
  createDocumentProcessing,
  OCR_MAX_PAGES,
  ProcessingError,
  type ProcessingSettings,
} from './document-processing.ts';

const settings: ProcessingSettings = {
  workers: 1,
  memoryMb: 512,
  timeoutSeconds: 60,
  maxPages: 2000,
  maxInflatedMb: 256,
};
const processing = createDocumentProcessing(settings, { warn: () => {} });
afterAll(() => processing.close());

const germanPhoto = letterPhotoPng();
/** The short letters: what the tests of pages, sizes and turns read (faster, same words). */
const shortGermanPhoto = letterPhotoPng(SHORT_GERMAN_LETTER, { width: 900 });
const shortEnglishPhoto = letterPhotoPng(SHORT_ENGLISH_LETTER, { width: 900, seed: 5 });

async function failureOf(promise: Promise<unknown>): Promise<ProcessingError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ProcessingError))
    throw new Error(`expected a ProcessingError, got ${String(error)}`);
  return error;
}

function textOf(result: { pages: Array<{ text: string }> }): string {
  return result.pages.map((page) => page.text).join('\n');
}

describe('OCR of photos and scans, German and English, offline', () => {
  it('reads a photo of a German letter, umlauts and € included', async () => {
    const result = await processing.recognizeText(germanPhoto, 'image/png');

    const text = textOf(result);
    expect(text).toContain(PHOTO_WORD);
    expect(text).toContain('Grundstück');
    expect(text).toContain('Grüßen');
    expect(text).toContain('412,00 €');
    expect(result).toMatchObject({ pageCount: 1, pagesNotRead: 0 });
  });

  it('reads an English letter', async () => {
    const photo = letterPhotoPng(ENGLISH_LETTER, { rotation: -0.8, seed: 3 });

    const text = textOf(await processing.recognizeText(photo, 'image/png'));

    expect(text).toContain(ENGLISH_WORD);
    expect(text).toContain('physiotherapy');
  });

  it('reads JPEG, WebP and 16-bit PNG photos, and one a phone stored sideways', async () => {
    const photo = shortGermanPhoto;
    for (const [bytes, type] of [
      [await convertImage(photo, 'jpeg'), 'image/jpeg'],
      [await convertImage(photo, 'webp'), 'image/webp'],
      [await sidewaysJpeg(photo), 'image/jpeg'],
      // 16 bits of grey, with an alpha channel.
      [await sharp(photo).toColourspace('grey16').ensureAlpha(0.9).png().toBuffer(), 'image/png'],
    ] as const) {
      expect(textOf(await processing.recognizeText(bytes, type))).toContain(PHOTO_WORD);
    }
  });

  it('reads a scanned PDF without a text layer, page by page', async () => {
    const scan = await scannedPdf([shortGermanPhoto, shortEnglishPhoto]);
    expect((await processing.extractPdfText(scan)).text.trim()).toBe('');

    const result = await processing.recognizeText(scan, 'application/pdf');

    expect(result.pageCount).toBe(2);
    expect(result.pages.map((page) => page.number)).toEqual([1, 2]);
    expect(result.pages[0]?.text).toContain(PHOTO_WORD);
    expect(result.pages[1]?.text).toContain(ENGLISH_WORD);
  });

  it(`reads at most ${OCR_MAX_PAGES} pages of a scan and says how many it left out`, async () => {
    // Small blank pages: OCR finds nothing on them, quickly.
    const document = await PDFDocument.create();
    for (let page = 0; page < OCR_MAX_PAGES + 2; page += 1) document.addPage([72, 72]);

    const result = await processing.recognizeText(await document.save(), 'application/pdf');

    expect(result.pageCount).toBe(OCR_MAX_PAGES + 2);
    expect(result.pages).toHaveLength(OCR_MAX_PAGES);
    expect(result.pages.at(-1)).toEqual({ number: OCR_MAX_PAGES, text: '' });
    expect(result.pagesNotRead).toBe(2);
  });

  it('reads a 600 dpi scan within the memory cap, turned upright as its page says', async () => {
    const scan = await largeSidewaysScanPdf(shortGermanPhoto);

    const result = await processing.recognizeText(scan, 'application/pdf');
    const thumbnail = await processing.makeThumbnail(scan, 'application/pdf');

    expect(textOf(result)).toContain(PHOTO_WORD);
    expect(thumbnail.width).toBe(400);
    expect(thumbnail.height).toBeGreaterThan(thumbnail.width);
  });

  it('reads only the pages it is asked for', async () => {
    const scan = await scannedPdf([shortGermanPhoto, shortEnglishPhoto]);

    const result = await processing.recognizeText(scan, 'application/pdf', { pages: [2] });

    expect(result.pages.map((page) => page.number)).toEqual([2]);
    expect(result.pages[0]?.text).toContain(ENGLISH_WORD);
  });
});

describe('the files the browser tests upload', () => {
  const folder = path.join(import.meta.dirname, '../../../../web/e2e/fixtures');

  it('reads the German word from brief-foto.png, and only there', async () => {
    const photoText = textOf(
      await processing.recognizeText(
        readFileSync(path.join(folder, 'brief-foto.png')),
        'image/png',
      ),
    );
    const pdfText = (
      await processing.extractPdfText(readFileSync(path.join(folder, 'vertrag.pdf')))
    ).text;

    expect(photoText).toContain(PHOTO_WORD);
    expect(photoText).not.toContain(PDF_WORD);
    expect(pdfText).toContain(PDF_WORD);
    expect(pdfText).not.toContain(PHOTO_WORD);
  });

  it('detects the encodings and delimiters of the CSVs', async () => {
    const german = readFileSync(path.join(folder, 'adressen-windows1252.csv'));
    const unicode = readFileSync(path.join(folder, 'adressen-utf16.csv'));

    expect(await processing.decodeText(german, { detectDelimiter: true })).toMatchObject({
      encoding: 'windows-1252',
      delimiter: ';',
    });
    expect(await processing.decodeText(unicode, { detectDelimiter: true })).toMatchObject({
      encoding: 'utf-16le',
      delimiter: '\t',
    });
  });
});

describe('thumbnails', () => {
  it('makes a small WebP of a photo, upright', async () => {
    const thumbnail = await processing.makeThumbnail(await sidewaysJpeg(germanPhoto), 'image/jpeg');

    expect(thumbnail.contentType).toBe('image/webp');
    expect(thumbnail.width).toBe(400);
    // Portrait, as the letter is meant to be seen (the JPEG's pixels are landscape).
    expect(thumbnail.height).toBeGreaterThan(thumbnail.width);
    expect(thumbnail.bytes.length).toBeLessThan(60_000);
    const metadata = await sharp(thumbnail.bytes).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 400, height: thumbnail.height });
  });

  it('makes a small WebP of the first page of a PDF', async () => {
    const thumbnail = await processing.makeThumbnail(
      await textPdf([CONTRACT_LINES, ['Seite 2']]),
      'application/pdf',
    );

    expect(thumbnail).toMatchObject({ contentType: 'image/webp', width: 400, height: 566 });
    const stats = await sharp(thumbnail.bytes).stats();
    // Mostly white paper with some dark print on it.
    expect(stats.channels[0]?.max).toBe(255);
    expect(stats.channels[0]?.min).toBeLessThan(100);
  });

  it('never enlarges a small image', async () => {
    const small = await sharp({
      create: { width: 120, height: 80, channels: 3, background: '#336699' },
    })
      .png()
      .toBuffer();

    const thumbnail = await processing.makeThumbnail(small, 'image/png');

    expect(thumbnail).toMatchObject({ width: 120, height: 80 });
  });
});

describe('hostile images', () => {
  it('refuses a PNG claiming 50,000 × 50,000 pixels from its header, then reads the next image', async () => {
    const bomb = pixelBombPng();
    expect(bomb.length).toBeLessThan(2_000);

    const failure = await failureOf(processing.recognizeText(bomb, 'image/png'));
    const thumbnailFailure = await failureOf(processing.makeThumbnail(bomb, 'image/png'));

    expect(failure.reason).toBe('too_much_data');
    expect(failure.message).toContain('50000 × 50000');
    expect(thumbnailFailure.reason).toBe('too_much_data');
    expect(textOf(await processing.recognizeText(shortGermanPhoto, 'image/png'))).toContain(
      PHOTO_WORD,
    );
  });

  it('refuses a PDF hiding such an image before drawing it', async () => {
    const document = await textPdf([['Deckblatt']]);
    const withBomb = await embedImageClaiming(document, 50_000, 50_000);

    expect((await failureOf(processing.makeThumbnail(withBomb, 'application/pdf'))).reason).toBe(
      'too_much_data',
    );
  });

  it('refuses bytes that are not the image they claim to be', async () => {
    const failure = await failureOf(processing.recognizeText(plainPdf(), 'image/png'));

    expect(failure.reason).toBe('unreadable');
  });

  it('refuses a truncated photo as unreadable', async () => {
    const jpeg = await convertImage(germanPhoto, 'jpeg');

    const failure = await failureOf(
      processing.makeThumbnail(jpeg.subarray(0, jpeg.length / 3), 'image/jpeg'),
    );

    expect(failure.reason).toBe('unreadable');
  });
});

describe('text files and CSVs in the pool', () => {
  it('decodes a Windows-1252 CSV and finds its delimiter', async () => {
    const decoded = await processing.decodeText(windows1252Csv(), { detectDelimiter: true });

    expect(decoded.encoding).toBe('windows-1252');
    expect(decoded.delimiter).toBe(';');
    expect(decoded.text).toContain('Jürgen;Müller;Hauptstraße 1');
    expect(decoded.text).toContain('12,50 €');
  });

  it('previews the first rows of a UTF-16 CSV', async () => {
    const table = await processing.previewCsv(utf16Csv(), { isComplete: true, maxRows: 2 });

    expect(table).toEqual({
      encoding: 'utf-16le',
      delimiter: '\t',
      rows: [
        ['Anrede', 'Vorname', 'Nachname', 'Straße', 'PLZ', 'Ort', 'Betrag'],
        ['Frau', 'Jürgen', 'Müller', 'Hauptstraße 1', '50667', 'Köln', '12,50 €'],
      ],
      truncated: true,
    });
  });

  it('keeps the text layer of a text PDF', async () => {
    const result = await processing.extractPdfText(await textPdf([CONTRACT_LINES]));

    expect(result.text).toContain(PDF_WORD);
  });
});
