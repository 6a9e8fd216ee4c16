import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import {
  decompressionBombPdf,
  embeddedFilePdf,
  escapedJavaScriptPdf,
  htmlPretendingToBePdf,
  javaScriptPdf,
  launchActionPdf,
  millionPagesPdf,
  pageCountLiePdf,
  plainPdf,
  zipPretendingToBePdf,
} from '@kuvert/test-fixtures/hostile-pdfs';
import {
  createDocumentProcessing,
  PDF_TEXT_MAX_CHARS,
  ProcessingError,
  type ProcessingSettings,
} from './document-processing.ts';

async function pdfWithPages(pages: string[][]): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = document.addPage([595, 842]);
    lines.forEach((line, index) =>
      page.drawText(line, { x: 40, y: 800 - index * 10, size: 8, font }),
    );
  }
  return document.save();
}

const quietLog = { warn: () => {} };
const defaults: ProcessingSettings = {
  workers: 1,
  memoryMb: 512,
  timeoutSeconds: 30,
  maxPages: 2000,
  maxInflatedMb: 256,
};
const opened: Array<{ close(): Promise<void> }> = [];

function processing(settings: Partial<ProcessingSettings> = {}) {
  const created = createDocumentProcessing({ ...defaults, ...settings }, quietLog);
  opened.push(created);
  return created;
}

afterAll(async () => {
  await Promise.all(opened.map((created) => created.close()));
});

async function failureOf(promise: Promise<unknown>): Promise<ProcessingError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ProcessingError))
    throw new Error(`expected a ProcessingError, got ${String(error)}`);
  return error;
}

describe('inspecting a PDF in the processing pool', () => {
  const shared = processing();

  it('answers the page count of a plain PDF and finds no active content, no encryption', async () => {
    await expect(shared.inspectPdf(plainPdf())).resolves.toEqual({
      pageCount: 1,
      activeContent: [],
      isEncrypted: false,
    });
  });

  it('finds JavaScript, launch actions and embedded files wherever they sit', async () => {
    expect((await shared.inspectPdf(javaScriptPdf())).activeContent).toEqual(['javascript']);
    expect((await shared.inspectPdf(escapedJavaScriptPdf())).activeContent).toEqual(['javascript']);
    expect((await shared.inspectPdf(launchActionPdf())).activeContent).toEqual(['launch']);
    expect((await shared.inspectPdf(embeddedFilePdf())).activeContent).toEqual(['embedded_files']);
  });

  it('refuses an HTML page and a ZIP archive that carry %PDF- in their first bytes', async () => {
    expect((await failureOf(shared.inspectPdf(htmlPretendingToBePdf()))).reason).toBe('unreadable');
    expect((await failureOf(shared.inspectPdf(zipPretendingToBePdf()))).reason).toBe('unreadable');
  });
});

describe('reading text in the processing pool', () => {
  const shared = processing();

  it('reads the text of a plain PDF', async () => {
    await expect(shared.extractPdfText(plainPdf('Amount due 42 EUR'))).resolves.toEqual({
      pageCount: 1,
      text: 'Amount due 42 EUR',
    });
  });

  it('answers each page’s text, separated by form feeds', async () => {
    const bytes = await pdfWithPages([
      ['Your electricity bill', 'Amount due: 42 EUR'],
      ['Terms and conditions'],
    ]);

    const result = await shared.extractPdfText(bytes);

    expect(result.pageCount).toBe(2);
    const pages = result.text.split('\f');
    expect(pages[0]).toContain('Your electricity bill');
    expect(pages[0]).toContain('Amount due: 42 EUR');
    expect(pages[1]).toContain('Terms and conditions');
  });

  it('cuts the text at about a megabyte', async () => {
    const line = 'x'.repeat(110);
    const bytes = await pdfWithPages(
      Array.from({ length: 260 }, () => Array.from({ length: 40 }, () => line)),
    );

    const result = await shared.extractPdfText(bytes);

    expect(result.pageCount).toBe(260);
    expect(result.text.length).toBe(PDF_TEXT_MAX_CHARS);
  });

  it('fails a truncated PDF as unreadable', async () => {
    const truncated = (await pdfWithPages([['hello']])).slice(0, 60);

    expect((await failureOf(shared.extractPdfText(truncated))).reason).toBe('unreadable');
  });

  it('stops a decompression bomb at the inflated-bytes limit, then reads the next document', async () => {
    const bomb = await decompressionBombPdf();
    expect(bomb.length).toBeLessThan(1.5 * 1024 * 1024);

    const failure = await failureOf(shared.extractPdfText(bomb));

    expect(failure.reason).toBe('too_much_data');
    await expect(shared.extractPdfText(plainPdf('Still here'))).resolves.toMatchObject({
      text: 'Still here',
    });
  });

  it('refuses a million pages, real or claimed, without walking them', async () => {
    expect((await failureOf(shared.extractPdfText(millionPagesPdf()))).reason).toBe(
      'too_many_pages',
    );
    expect((await failureOf(shared.extractPdfText(pageCountLiePdf()))).reason).toBe(
      'too_many_pages',
    );
  });

  it('kills a child that needs more memory than its cap', async () => {
    const tight = processing({ memoryMb: 300, maxInflatedMb: 4096 });

    const failure = await failureOf(tight.extractPdfText(await decompressionBombPdf()));

    expect(failure.reason).toBe('memory');
    await expect(tight.extractPdfText(plainPdf('After the kill'))).resolves.toMatchObject({
      text: 'After the kill',
    });
  });

  it('kills a child that runs past its time limit', async () => {
    const slow = processing({ timeoutSeconds: 1, maxPages: 2_000_000 });

    const failure = await failureOf(slow.extractPdfText(millionPagesPdf()));

    expect(failure.reason).toBe('timeout');
  });
});
