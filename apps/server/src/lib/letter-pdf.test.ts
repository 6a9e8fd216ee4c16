import { describe, expect, it } from 'vitest';
import { renderLetterPdf, type LetterContent } from './letter-pdf.ts';
import { extractPdfText as readPdfText } from '../plugins/processing/pdf-reading.ts';

/** Our own renderer's output is trusted: read it back in-process, under the usual limits. */
const extractPdfText = (bytes: Uint8Array) =>
  readPdfText(bytes, {
    maxPages: 2000,
    maxInflatedBytes: 256 * 1024 * 1024,
    maxTextChars: 1_000_000,
  });

const invoice: LetterContent = {
  sender: {
    name: 'Stadtwerke Müllheim GmbH',
    addressLines: ['Bahnhofstraße 12', '79379 Müllheim'],
  },
  recipient: { name: 'Jürgen Öztürk', addressLines: ['Königsallee 5', '40212 Düsseldorf'] },
  date: new Date('2025-03-12T09:00:00Z'),
  subject: 'Jahresabrechnung 2024 für Strom',
  paragraphs: ['Sehr geehrter Herr Öztürk,', 'anbei Ihre Jahresabrechnung.'],
  table: {
    headers: ['Leistung', 'Menge', 'Betrag'],
    rows: [['Arbeitspreis Strom', '2.340 kWh', '730,08 €']],
    total: '123,48 €',
  },
  closingParagraphs: [
    'Bitte überweisen Sie den offenen Betrag bis zum 31. März 2025.',
    'Mit freundlichen Grüßen\nIhre Stadtwerke',
  ],
  footer: 'Amtsgericht Freiburg HRB 12345 · IBAN DE89 3704 0044 0532 0130 00',
  language: 'de',
};

describe('renderLetterPdf', () => {
  it('renders a German letter whose text, umlauts and € can be read back', async () => {
    const bytes = await renderLetterPdf(invoice);

    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const { pageCount, text } = await extractPdfText(bytes);
    expect(pageCount).toBe(1);
    expect(text).toContain('Jahresabrechnung 2024 für Strom');
    expect(text).toContain('Grüßen');
    expect(text).toContain('Königsallee 5');
    expect(text).toContain('12. März 2025');
    expect(text).toContain('730,08 €');
    expect(text).toContain('Gesamt');
    expect(text).toContain('Seite 1 von 1');
    expect(text.indexOf('Gesamt')).toBeLessThan(text.indexOf('Grüßen'));
  });

  it('breaks a long English letter over pages, numbering each', async () => {
    const paragraph =
      'This paragraph is long enough to fill a few lines of the letter body. '.repeat(6);
    const bytes = await renderLetterPdf({
      ...invoice,
      language: 'en',
      subject: 'Your annual statement',
      paragraphs: Array.from({ length: 30 }, (_, index) => `${index + 1}. ${paragraph}`),
      table: {
        headers: ['Item', 'Amount'],
        rows: Array.from({ length: 60 }, (_, index) => [`Item ${index + 1}`, `${index + 1}.00 €`]),
        total: '1,830.00 €',
      },
    });

    const { pageCount, text } = await extractPdfText(bytes);
    expect(pageCount).toBeGreaterThan(2);
    const pages = text.split('\f');
    expect(pages[0]).toContain(`Page 1 of ${pageCount}`);
    expect(pages.at(-1)).toContain(`Page ${pageCount} of ${pageCount}`);
    expect(pages.at(-1)).toContain('Total');
    expect(text).toContain('Item 60');
    expect(text).toContain('30. This paragraph');
  });

  it('draws characters the standard font lacks as readable stand-ins instead of failing', async () => {
    const bytes = await renderLetterPdf({
      ...invoice,
      subject: 'Łódź → Kraków ✓',
      paragraphs: ['Tab\there, Ő and ł.'],
      table: undefined,
    });

    const { text } = await extractPdfText(bytes);
    expect(text).toContain('Lódz -> Kraków ?');
    expect(text).toContain('Tab here, O and l.');
  });

  it('gives the same bytes for the same letter', async () => {
    const [first, second] = await Promise.all([renderLetterPdf(invoice), renderLetterPdf(invoice)]);

    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
  });
});
