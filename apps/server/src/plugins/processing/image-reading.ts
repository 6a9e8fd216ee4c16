import sharp, { type Sharp } from 'sharp';
import {
  assertPixelsWithin,
  OCR_MAX_PIXELS,
  THUMBNAIL_MAX_HEIGHT,
  THUMBNAIL_QUALITY,
  THUMBNAIL_WIDTH,
  type GrayImage,
} from './pixels.ts';
import {
  ProcessingError,
  type DocumentLimits,
  type ImageContentType,
  type Thumbnail,
} from './tasks.ts';

/**
 * Runs in a processing child: photos and scans (PNG, JPEG, WebP) decoded with sharp (libvips),
 * which reads the size from the header first, shrinks JPEGs while decoding and streams the
 * rest, so a large photo never sits in memory whole. The pixel budget is checked on the
 * header, before a single pixel is decoded.
 */

// One document at a time per child: no cache kept between them, one thread of the two cores.
sharp.cache(false);
sharp.concurrency(1);

/** Small images (a screenshot) are scaled up towards this, at most twice: OCR likes big text. */
const OCR_MIN_LONG_SIDE = 1800;

const signatures: Array<{
  type: ImageContentType;
  format: string;
  matches(b: Uint8Array): boolean;
}> = [
  {
    type: 'image/png',
    format: 'png',
    matches: (bytes) =>
      [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, i) => bytes[i] === byte),
  },
  {
    type: 'image/jpeg',
    format: 'jpeg',
    matches: (bytes) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff,
  },
  {
    type: 'image/webp',
    format: 'webp',
    matches: (bytes) =>
      Buffer.from(bytes.subarray(0, 4)).toString('latin1') === 'RIFF' &&
      Buffer.from(bytes.subarray(8, 12)).toString('latin1') === 'WEBP',
  },
];

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function unreadable(error: unknown): ProcessingError {
  if (error instanceof ProcessingError) return error;
  return new ProcessingError('unreadable', `Not a readable image: ${describe(error)}`);
}

interface OpenedImage {
  image: Sharp;
  /** Upright, as the photo is meant to be seen. */
  width: number;
  height: number;
}

/**
 * Only PNG, JPEG and WebP reach libvips (never SVG or TIFF, which it would also read): the
 * signature must say so and the decoder must agree. Turned upright by its EXIF orientation.
 */
async function openImage(
  bytes: Uint8Array,
  limits: DocumentLimits,
  rotation = 0,
): Promise<OpenedImage> {
  const signature = signatures.find((candidate) => candidate.matches(bytes));
  if (!signature) throw new ProcessingError('unreadable', 'Not a PNG, JPEG or WebP image.');
  // The header only (sharp's own pixel limit would hide the sizes in a vaguer message).
  const metadata = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch((error: unknown) => {
      throw unreadable(error);
    });
  if (metadata.format !== signature.format) {
    throw new ProcessingError('unreadable', `The image does not decode as ${signature.format}.`);
  }
  assertPixelsWithin(metadata.width, metadata.height, limits.maxPixels);
  const image = sharp(bytes, { limitInputPixels: limits.maxPixels, autoOrient: true });
  const { width, height } = metadata.autoOrient;
  if (rotation === 0) return { image, width, height };
  const isTurned = rotation === 90 || rotation === 270;
  return {
    image: image.rotate(rotation),
    width: isTurned ? height : width,
    height: isTurned ? width : height,
  };
}

/** The scale at which OCR reads an image of this size. */
export function ocrScale(width: number, height: number): number {
  const shrink = Math.sqrt(OCR_MAX_PIXELS / (width * height));
  if (shrink < 1) return shrink;
  const longSide = Math.max(width, height);
  return longSide < OCR_MIN_LONG_SIDE ? Math.min(2, OCR_MIN_LONG_SIDE / longSide) : 1;
}

/** The image in grey on white (transparency flattened), at the size OCR reads best. */
/** `rotation`: degrees clockwise to turn it further (a PDF page's /Rotate). */
export async function imageForOcr(
  bytes: Uint8Array,
  limits: DocumentLimits,
  rotation = 0,
): Promise<GrayImage> {
  const { image, width, height } = await openImage(bytes, limits, rotation);
  const scale = ocrScale(width, height);
  try {
    const { data, info } = await image
      .resize({
        width: Math.max(1, Math.round(width * scale)),
        height: Math.max(1, Math.round(height * scale)),
        fit: 'fill',
      })
      .flatten({ background: '#ffffff' })
      .toColourspace('b-w')
      // 8 bits, also from a 16-bit PNG.
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    if (data.length !== info.width * info.height) {
      throw new ProcessingError('unreadable', 'The image did not decode to one grey channel.');
    }
    return { width: info.width, height: info.height, data };
  } catch (error) {
    throw unreadable(error);
  }
}

/** The width and height a thumbnail of this size gets (never larger than the original). */
export function thumbnailSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, THUMBNAIL_WIDTH / width, THUMBNAIL_MAX_HEIGHT / height);
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

export async function imageThumbnail(
  bytes: Uint8Array,
  limits: DocumentLimits,
  rotation = 0,
): Promise<Thumbnail> {
  const { image, width, height } = await openImage(bytes, limits, rotation);
  try {
    const { data, info } = await image
      .resize({ ...thumbnailSize(width, height), fit: 'fill' })
      .webp({ quality: THUMBNAIL_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: 'image/webp', width: info.width, height: info.height };
  } catch (error) {
    throw unreadable(error);
  }
}
