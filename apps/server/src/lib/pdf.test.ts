import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { extractPdfText, isPdf, PDF_TEXT_MAX_CHARS, PdfReadError } from './pdf.ts';

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

describe('isPdf', () => {
  it('recognises a PDF by its header, also after a little leading junk', () => {
    expect(isPdf(Buffer.from('%PDF-1.7\n%âãÏÓ'))).toBe(true);
    expect(isPdf(Buffer.concat([Buffer.alloc(500, 0x20), Buffer.from('%PDF-1.4')]))).toBe(true);
  });

  it('rejects other content, whatever its name claims', () => {
    expect(isPdf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]))).toBe(false);
    expect(isPdf(Buffer.from('<html><body>%PDF</body></html>'))).toBe(false);
    expect(isPdf(Buffer.concat([Buffer.alloc(1100, 0x20), Buffer.from('%PDF-1.4')]))).toBe(false);
    expect(isPdf(Buffer.alloc(0))).toBe(false);
  });
});

describe('extractPdfText', () => {
  it('returns the page count and each page’s text, separated by form feeds', async () => {
    const bytes = await pdfWithPages([
      ['Your electricity bill', 'Amount due: 42 EUR'],
      ['Terms and conditions'],
    ]);

    const result = await extractPdfText(bytes);

    expect(result.pageCount).toBe(2);
    const pages = result.text.split('\f');
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Your electricity bill');
    expect(pages[0]).toContain('Amount due: 42 EUR');
    expect(pages[1]).toContain('Terms and conditions');
    expect(bytes.byteLength).toBeGreaterThan(0);
  });

  it('throws a PdfReadError for something that is not a readable PDF', async () => {
    const truncated = (await pdfWithPages([['hello']])).slice(0, 60);

    await expect(
      extractPdfText(Buffer.from('%PDF-1.7 garbage, no objects')),
    ).rejects.toBeInstanceOf(PdfReadError);
    await expect(extractPdfText(truncated)).rejects.toThrow(/could not be read/);
  });

  it('stops at about a megabyte of text', async () => {
    const line = 'x'.repeat(110);
    const bytes = await pdfWithPages(
      Array.from({ length: 260 }, () => Array.from({ length: 40 }, () => line)),
    );

    const result = await extractPdfText(bytes);

    expect(result.pageCount).toBe(260);
    expect(result.text.length).toBe(PDF_TEXT_MAX_CHARS);
  }, 60_000);
});
