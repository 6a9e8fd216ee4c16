import { ProcessingError } from './tasks.ts';

/** What images and rendered pages share, without loading an image library. */

/** A thumbnail fits this box; wide enough for the grid at twice the density. */
export const THUMBNAIL_WIDTH = 400;
export const THUMBNAIL_MAX_HEIGHT = 800;
export const THUMBNAIL_QUALITY = 80;
/** Enough for small print on an A4 page (about 350 dpi); larger photos are scaled down. */
export const OCR_MAX_PIXELS = 12_000_000;

/** One channel of 8-bit grey, row by row: what OCR reads. */
export interface GrayImage {
  width: number;
  height: number;
  data: Uint8Array;
}

function megapixels(pixels: number): number {
  return Math.round(pixels / 100_000) / 10;
}

/** Refuses what the pixel budget does not allow, naming both. */
export function assertPixelsWithin(width: number, height: number, maxPixels: number): void {
  if (width * height <= maxPixels) return;
  throw new ProcessingError(
    'too_much_data',
    `The image has ${width} × ${height} pixels (${megapixels(width * height)} megapixels); Kuvert reads images of at most ${megapixels(maxPixels)} megapixels.`,
  );
}
