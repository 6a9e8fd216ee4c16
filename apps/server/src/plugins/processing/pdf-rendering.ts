import { createCanvas, type Canvas } from '@napi-rs/canvas';
import {
  PDFArray,
  PDFDict,
  PDFName,
  PDFNumber,
  PDFRawStream,
  type PDFContext,
  type PDFDocument,
} from 'pdf-lib';
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

/**
 * A scan at 600 dpi is one JPEG of some 35 megapixels: pdf.js would hold it decoded several
 * times over (RGB, RGBA, a canvas of its size) and break the memory cap. Above this size, a
 * page that is nothing but one JPEG is read from the JPEG itself, which sharp decodes in strips.
 */
const LARGE_SCAN_PIXELS = 16_000_000;

/** The page's JPEG and how the page turns it, when the page is one large JPEG and nothing else. */
export interface LargeScan {
  jpeg: Uint8Array;
  /** Degrees clockwise (the page's /Rotate). */
  rotation: number;
}

function isOnlyDct(stream: PDFRawStream): boolean {
  const filter = stream.dict.get(PDFName.of('Filter'));
  const names = filter instanceof PDFArray ? filter.asArray() : [filter];
  return names.length === 1 && names[0] instanceof PDFName && names[0].decodeText() === 'DCTDecode';
}

function largeScanOf(objects: PDFDocument, number: number): LargeScan | undefined {
  if (number < 1 || number > objects.getPageCount()) return undefined;
  const page = objects.getPage(number - 1);
  const xObjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  const entries = xObjects?.entries() ?? [];
  const [entry] = entries;
  if (entries.length !== 1 || !entry) return undefined;
  const image = objects.context.lookup(entry[1]);
  if (!(image instanceof PDFRawStream) || !isOnlyDct(image)) return undefined;
  const subtype = image.dict.get(PDFName.of('Subtype'));
  if (!(subtype instanceof PDFName) || subtype.decodeText() !== 'Image') return undefined;
  if (numberIn(image, 'Width') * numberIn(image, 'Height') <= LARGE_SCAN_PIXELS) return undefined;
  const rotation = ((page.getRotation().angle % 360) + 360) % 360;
  return { jpeg: image.contents, rotation };
}

type Rendering =
  | { kind: 'pdf'; document: PDFDocumentProxy }
  | { kind: 'scan'; scan: LargeScan; pageCount: number };

/**
 * Checks the document against the limits, then hands page `number` over: as a large scan's
 * JPEG when it is one (see LARGE_SCAN_PIXELS), else as the document opened by pdf.js.
 */
async function withCheckedPage<T>(
  bytes: Uint8Array,
  number: number,
  limits: DocumentLimits,
  use: (rendering: Rendering) => Promise<T>,
): Promise<T> {
  const objects = await loadObjects(bytes);
  if (objects) {
    await assertInflatesWithin(objects.context, limits.maxInflatedBytes);
    assertImagesWithin(objects.context, limits.maxPixels);
    const scan = largeScanOf(objects, number);
    if (scan) return use({ kind: 'scan', scan, pageCount: objects.getPageCount() });
  }
  return withPdfJs(bytes, (document) => use({ kind: 'pdf', document }), limits.maxPixels);
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
    // oxlint-disable-next-line typescript/consistent-type-assertions -- pdf.js types `canvas` as the DOM's HTMLCanvasElement; @napi-rs/canvas is the server's stand-in for it and draws what pdf.js asks
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
  return withCheckedPage(bytes, number, limits, async (rendering) => {
    if (rendering.kind === 'scan') {
      const { imageForOcr } = await import('./image-reading.ts');
      const { jpeg, rotation } = rendering.scan;
      return { pageCount: rendering.pageCount, image: await imageForOcr(jpeg, limits, rotation) };
    }
    const canvas = await renderPage(rendering.document, number, ocrPageScale);
    return { pageCount: rendering.document.numPages, image: grayOf(canvas) };
  });
}

export async function pdfThumbnail(bytes: Uint8Array, limits: DocumentLimits): Promise<Thumbnail> {
  return withCheckedPage(bytes, 1, limits, async (rendering) => {
    if (rendering.kind === 'scan') {
      const { imageThumbnail } = await import('./image-reading.ts');
      return imageThumbnail(rendering.scan.jpeg, limits, rendering.scan.rotation);
    }
    const canvas = await renderPage(rendering.document, 1, (width, height) =>
      Math.min(THUMBNAIL_WIDTH / width, THUMBNAIL_MAX_HEIGHT / height),
    );
    const webp = await canvas.encode('webp', THUMBNAIL_QUALITY);
    return { bytes: webp, contentType: 'image/webp', width: canvas.width, height: canvas.height };
  });
}
