import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { PDFName, PDFNumber, PDFRawStream, type PDFContext } from 'pdf-lib';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import {
  assertPixelsWithin,
  OCR_MAX_PIXELS,
  THUMBNAIL_MAX_HEIGHT,
  THUMBNAIL_QUALITY,
  THUMBNAIL_WIDTH,
  type GrayImage,
} from './pixels.ts';
import { assertInflatesWithin } from './pdf-inflate.ts';
import { loadObjects, withPdfJs } from './pdf-reading.ts';
import { ProcessingError, type DocumentLimits, type Thumbnail } from './tasks.ts';

/**
 * Runs in a processing child: pages of a PDF drawn by pdf.js onto a canvas (@napi-rs/canvas,
 * a prebuilt Skia), for a thumbnail or as a scan for OCR. Before anything is drawn, the
 * streams must inflate within the budget and every image must fit the pixel budget.
 */

/** Scans are read at 300 dpi (fewer pixels for pages larger than A4, see OCR_MAX_PIXELS). */
const OCR_DPI = 300;
const POINTS_PER_INCH = 72;

function numberIn(stream: PDFRawStream, key: string): number {
  const value = stream.dict.get(PDFName.of(key));
  return value instanceof PDFNumber ? value.asNumber() : 0;
}

/** Every image of the document fits the pixel budget (an image bomb is refused unread). */
function assertImagesWithin(context: PDFContext, maxPixels: number): void {
  for (const [, object] of context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const subtype = object.dict.get(PDFName.of('Subtype'));
    if (!(subtype instanceof PDFName) || subtype.decodeText() !== 'Image') continue;
    assertPixelsWithin(numberIn(object, 'Width'), numberIn(object, 'Height'), maxPixels);
  }
}

async function withCheckedPdf<T>(
  bytes: Uint8Array,
  limits: DocumentLimits,
  use: (document: PDFDocumentProxy) => Promise<T>,
): Promise<T> {
  const objects = await loadObjects(bytes);
  if (objects) {
    await assertInflatesWithin(objects.context, limits.maxInflatedBytes);
    assertImagesWithin(objects.context, limits.maxPixels);
  }
  return withPdfJs(bytes, use, limits.maxPixels);
}

/** Draws page `number` on white, at `scaleFor(width, height)` of its size in points. */
async function renderPage(
  document: PDFDocumentProxy,
  number: number,
  scaleFor: (width: number, height: number) => number,
): Promise<Canvas> {
  if (number < 1 || number > document.numPages) {
    throw new ProcessingError('unreadable', `The document has no page ${number}.`);
  }
  const page = await document.getPage(number);
  try {
    const natural = page.getViewport({ scale: 1 });
    if (!(natural.width >= 1 && natural.height >= 1)) {
      throw new ProcessingError('unreadable', `Page ${number} has no area to draw.`);
    }
    const viewport = page.getViewport({ scale: scaleFor(natural.width, natural.height) });
    const canvas = createCanvas(
      Math.max(1, Math.round(viewport.width)),
      Math.max(1, Math.round(viewport.height)),
    );
    await page.render({ canvas: canvas as never, viewport, background: '#ffffff' }).promise;
    return canvas;
  } finally {
    page.cleanup();
  }
}

function grayOf(canvas: Canvas): GrayImage {
  const { width, height } = canvas;
  // The canvas's own pixels (opaque, so premultiplied is plain RGBA), without a copy.
  const rgba = canvas.data();
  const data = new Uint8Array(width * height);
  for (let pixel = 0; pixel < data.length; pixel += 1) {
    const offset = pixel * 4;
    // ITU-R BT.601 luma, in integers.
    data[pixel] =
      ((rgba[offset] ?? 0) * 299 + (rgba[offset + 1] ?? 0) * 587 + (rgba[offset + 2] ?? 0) * 114) /
      1000;
  }
  return { width, height, data };
}

/** The scale that draws a page of this size (in points) at 300 dpi, within OCR_MAX_PIXELS. */
export function ocrPageScale(width: number, height: number): number {
  const atDpi = OCR_DPI / POINTS_PER_INCH;
  return Math.min(atDpi, Math.sqrt(OCR_MAX_PIXELS / (width * height)));
}

/** Page `number` as a grey 300 dpi scan, and the document's page count. */
export async function renderPageForOcr(
  bytes: Uint8Array,
  number: number,
  limits: DocumentLimits,
): Promise<{ pageCount: number; image: GrayImage }> {
  return withCheckedPdf(bytes, limits, async (document) => {
    const canvas = await renderPage(document, number, ocrPageScale);
    return { pageCount: document.numPages, image: grayOf(canvas) };
  });
}

export async function pdfThumbnail(bytes: Uint8Array, limits: DocumentLimits): Promise<Thumbnail> {
  return withCheckedPdf(bytes, limits, async (document) => {
    const canvas = await renderPage(document, 1, (width, height) =>
      Math.min(THUMBNAIL_WIDTH / width, THUMBNAIL_MAX_HEIGHT / height),
    );
    const webp = await canvas.encode('webp', THUMBNAIL_QUALITY);
    return { bytes: webp, contentType: 'image/webp', width: canvas.width, height: canvas.height };
  });
}
