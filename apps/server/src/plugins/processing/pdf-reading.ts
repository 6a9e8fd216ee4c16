import { createRequire } from 'node:module';
import path from 'node:path';
import { PDFDocument, PDFName, PDFNumber } from 'pdf-lib';
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { findActiveContent } from './pdf-active-content.ts';
import { assertInflatesWithin } from './pdf-inflate.ts';
import {
  ProcessingError,
  type ActiveContentKind,
  type DocumentLimits,
  type PdfInspection,
  type PdfText,
} from './tasks.ts';

/**
 * Runs in a processing child, never in the web process: pdf.js decides whether the bytes are
 * a PDF (the same reader the viewer uses), pdf-lib lets us see every object in the file.
 */

const PAGE_SEPARATOR = '\f';

const pdfJsFolder = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
/** pdf.js reads the 14 standard fonts' metrics from here when a PDF does not embed them. */
const standardFontDataUrl = `${path.join(pdfJsFolder, 'standard_fonts')}${path.sep}`;
/** And its image decoders (JPEG 2000, JBIG2: common in scans) from here, never from a CDN. */
const wasmUrl = `${path.join(pdfJsFolder, 'wasm')}${path.sep}`;

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Opens the bytes with pdf.js and hands the document to `use`. `maxImagePixels` keeps it from
 * decoding an image larger than the budget while rendering (it leaves the image out).
 */
export async function withPdfJs<T>(
  bytes: Uint8Array,
  use: (document: PDFDocumentProxy) => Promise<T>,
  maxImagePixels = -1,
): Promise<T> {
  const task = getDocument({
    // pdf.js takes ownership of (and may detach) the buffer it gets.
    data: new Uint8Array(bytes),
    standardFontDataUrl,
    wasmUrl,
    maxImageSize: maxImagePixels,
    useSystemFonts: false,
    disableFontFace: true,
    isOffscreenCanvasSupported: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  try {
    const document = await task.promise.catch((error: unknown) => {
      throw new ProcessingError('unreadable', `Not a readable PDF: ${describe(error)}`);
    });
    return await use(document);
  } finally {
    await task.destroy();
  }
}

/** pdf-lib's view of every object; undefined where pdf-lib cannot parse what pdf.js can. */
export async function loadObjects(bytes: Uint8Array): Promise<PDFDocument | undefined> {
  try {
    return await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: false,
    });
  } catch {
    return undefined;
  }
}

/**
 * What pdf.js itself reports, for files pdf-lib cannot walk (encrypted object streams,
 * structures only pdf.js repairs): document scripts, attachments, XFA.
 */
async function reportedActiveContent(document: PDFDocumentProxy): Promise<ActiveContentKind[]> {
  const found: ActiveContentKind[] = [];
  if ((await document.getJSActions()) !== null) found.push('javascript');
  if ((await document.getAttachments()) !== null) found.push('embedded_files');
  const { info } = await document.getMetadata();
  if (typeof info === 'object' && info !== null && 'IsXFAPresent' in info && info.IsXFAPresent) {
    found.push('xfa');
  }
  return found;
}

/** What the page tree claims, which may be far more than pdf.js finds (a page-count lie). */
function claimedPageCount(objects: PDFDocument): number {
  try {
    const count = objects.catalog.Pages().get(PDFName.of('Count'));
    return count instanceof PDFNumber ? count.asNumber() : 0;
  } catch {
    return 0;
  }
}

export async function inspectPdf(
  bytes: Uint8Array,
  _limits: DocumentLimits,
): Promise<PdfInspection> {
  return withPdfJs(bytes, async (document) => {
    const objects = await loadObjects(bytes);
    const found = new Set<ActiveContentKind>(await reportedActiveContent(document));
    if (objects) for (const kind of findActiveContent(objects.context)) found.add(kind);
    return {
      pageCount: document.numPages,
      activeContent: [...found].toSorted(),
      isEncrypted: objects?.isEncrypted ?? false,
    };
  });
}

export async function extractPdfText(
  bytes: Uint8Array,
  limits: Pick<DocumentLimits, 'maxPages' | 'maxInflatedBytes' | 'maxTextChars'>,
): Promise<PdfText> {
  const objects = await loadObjects(bytes);
  if (objects) await assertInflatesWithin(objects.context, limits.maxInflatedBytes);
  const claimedPages = objects ? claimedPageCount(objects) : 0;
  return withPdfJs(bytes, async (document) => {
    const pageCount = Math.max(document.numPages, claimedPages);
    if (pageCount > limits.maxPages) {
      throw new ProcessingError(
        'too_many_pages',
        `The document has or claims ${pageCount} pages; Kuvert reads at most ${limits.maxPages}.`,
      );
    }
    const pages: string[] = [];
    let length = 0;
    for (let number = 1; number <= document.numPages && length < limits.maxTextChars; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      const pageText = content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
        .join('')
        .trim();
      page.cleanup();
      pages.push(pageText);
      length += pageText.length + PAGE_SEPARATOR.length;
    }
    return {
      pageCount: document.numPages,
      text: pages.join(PAGE_SEPARATOR).slice(0, limits.maxTextChars),
    };
  });
}
