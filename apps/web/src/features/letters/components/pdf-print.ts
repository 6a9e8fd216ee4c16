import type { PDFDocumentProxy } from 'pdfjs-dist';
import { createContext, useContext, useEffect } from 'react';

/** Pages printed of one document: more would hold hundreds of megabytes of images. */
export const MAX_PRINT_PAGES = 100;
/** 150 dpi: sharp on paper, a few hundred kilobytes a page. */
const PRINT_SCALE = 150 / 72;

/**
 * A document's pages as images for the printer, in a container that only print shows. The
 * pages are drawn by pdf.js, like on screen: the browser's own PDF reader never sees the file.
 */
export async function drawPagesForPrint(
  pdf: PDFDocumentProxy,
  pageLabel: (page: number) => string,
): Promise<HTMLElement> {
  const container = document.createElement('div');
  container.dataset.printPages = '';
  const count = Math.min(pdf.numPages, MAX_PRINT_PAGES);
  for (let number = 1; number <= count; number += 1) {
    const page = await pdf.getPage(number);
    const viewport = page.getViewport({ scale: PRINT_SCALE });
    const canvas = document.createElement('canvas');
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    await page.render({ canvas, viewport }).promise;
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve));
    if (blob === null) throw new Error('page could not be drawn for print');
    const image = document.createElement('img');
    image.src = URL.createObjectURL(blob);
    image.alt = pageLabel(number);
    container.append(image);
  }
  await Promise.all([...container.querySelectorAll('img')].map((image) => image.decode()));
  return container;
}

/** Removes what the last print added. */
export function clearPrint(): void {
  for (const container of document.querySelectorAll('body > [data-print-pages]')) {
    for (const image of container.querySelectorAll('img')) URL.revokeObjectURL(image.src);
    container.remove();
  }
  delete document.body.dataset.printing;
}

/**
 * Opens the browser's print dialog for a document alone (`document`) or for the letter with its
 * documents after it (`letter`); see print.module.css for what each prints.
 */
export function printPages(mode: 'document' | 'letter', pages: readonly HTMLElement[]): void {
  clearPrint();
  document.body.append(...pages);
  document.body.dataset.printing = mode;
  window.addEventListener('afterprint', clearPrint, { once: true });
  window.print();
}

/** A viewer's pages for the letter's print: `element` orders them as on the page. */
export interface PrintSource {
  element: HTMLElement;
  draw: () => Promise<HTMLElement>;
}

/** The viewers on a letter's page; the letter's Print action asks each for its pages. */
export const PrintSourcesContext = createContext<Set<PrintSource> | null>(null);

/** Offers a viewer's pages to the letter's Print action while the viewer is shown. */
export function usePrintSource(source: PrintSource | null): void {
  const sources = useContext(PrintSourcesContext);
  useEffect(() => {
    if (sources === null || source === null) return;
    sources.add(source);
    return () => {
      sources.delete(source);
    };
  }, [sources, source]);
}

/** The pages of every viewer on the letter's page, in the order they appear. */
export async function drawAllForPrint(sources: ReadonlySet<PrintSource>): Promise<HTMLElement[]> {
  const ordered = [...sources].toSorted((a, b) =>
    a.element.compareDocumentPosition(b.element) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
  );
  const pages: HTMLElement[] = [];
  for (const source of ordered) pages.push(await source.draw());
  return pages;
}
