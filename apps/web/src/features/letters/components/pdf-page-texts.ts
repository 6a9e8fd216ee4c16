import type { PDFDocumentProxy } from 'pdfjs-dist';
import { joinPageText } from './pdf-find.ts';
import type { PageText } from './pdf-find.ts';

/**
 * Find and the text version read at most this many pages: a document claiming a million pages
 * must not keep the browser busy for minutes.
 */
export const MAX_TEXT_PAGES = 500;

/** The text of a document's pages (up to MAX_TEXT_PAGES), read once per document. */
export interface DocumentText {
  pages: readonly PageText[];
  /** Pages beyond the limit were not read. */
  isTruncated: boolean;
}

const read = new WeakMap<PDFDocumentProxy, Promise<DocumentText>>();

export function readDocumentText(pdf: PDFDocumentProxy): Promise<DocumentText> {
  let text = read.get(pdf);
  if (text === undefined) {
    text = readPages(pdf);
    read.set(pdf, text);
  }
  return text;
}

async function readPages(pdf: PDFDocumentProxy): Promise<DocumentText> {
  const count = Math.min(pdf.numPages, MAX_TEXT_PAGES);
  const pages: PageText[] = [];
  for (let number = 1; number <= count; number += 1) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    pages.push(joinPageText(content.items.flatMap((item) => ('str' in item ? [item] : []))));
  }
  return { pages, isTruncated: pdf.numPages > count };
}
