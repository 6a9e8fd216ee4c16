import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Where a PDF may start: readers accept the header anywhere in the first kilobyte. */
const HEADER_SEARCH_BYTES = 1024;
const PDF_HEADER = Buffer.from('%PDF-');
/** Enough for search over any real letter; stops a huge scanned archive filling a row. */
export const PDF_TEXT_MAX_CHARS = 1_000_000;
const PAGE_SEPARATOR = '\f';

/** pdfjs reads the 14 standard fonts' metrics from here when a PDF does not embed them. */
const standardFontDataUrl = `${path.join(
  path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts',
)}${path.sep}`;

/** Judges by content, never by file name or declared type. */
export function isPdf(firstBytes: Buffer): boolean {
  return firstBytes.subarray(0, HEADER_SEARCH_BYTES).includes(PDF_HEADER);
}

/** A PDF that cannot be opened: corrupt, truncated, or locked with a password. */
export class PdfReadError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'PdfReadError';
  }
}

export interface PdfText {
  pageCount: number;
  /** Each page's text, pages separated by form feeds; cut at PDF_TEXT_MAX_CHARS. */
  text: string;
}

function hasText(item: object): item is { str: string; hasEOL: boolean } {
  return 'str' in item && typeof item.str === 'string';
}

/**
 * The text of a PDF, for search and previews. pdfjs parses on the calling thread in Node,
 * so call this from a job rather than while answering a request.
 */
export async function extractPdfText(bytes: Uint8Array): Promise<PdfText> {
  const task = getDocument({
    // pdfjs takes ownership of (and may detach) the buffer it gets; the caller keeps theirs.
    data: new Uint8Array(bytes),
    standardFontDataUrl,
    // No isEvalSupported: pdfjs 6 removed eval-compiled PDF functions (CVE-2024-4367) outright.
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  try {
    const document = await task.promise.catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      throw new PdfReadError(`The PDF could not be read: ${reason}`, { cause: error });
    });
    const pages: string[] = [];
    let length = 0;
    for (let number = 1; number <= document.numPages && length < PDF_TEXT_MAX_CHARS; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      const pageText = content.items
        .map((item) => (hasText(item) ? item.str + (item.hasEOL ? '\n' : '') : ''))
        .join('')
        .trim();
      page.cleanup();
      pages.push(pageText);
      length += pageText.length + PAGE_SEPARATOR.length;
    }
    return {
      pageCount: document.numPages,
      text: pages.join(PAGE_SEPARATOR).slice(0, PDF_TEXT_MAX_CHARS),
    };
  } finally {
    await task.destroy();
  }
}
