import { createRequire } from 'node:module';
import type { QRCode } from 'jsqr';
import { PNG } from 'pngjs';

type DecodeQr = (data: Uint8ClampedArray, width: number, height: number) => QRCode | null;

/*
 * jsqr is CommonJS whose module.exports is the function, but its typings declare an ES
 * default export, which TypeScript (nodenext) then places one level too deep. Requiring it
 * gives the function, typed by hand from the package's own QRCode type.
 */
const jsQR: DecodeQr = createRequire(import.meta.url)('jsqr');

/** Reads a QR code in a PNG the way a camera would: the text it carries, decoded as UTF-8. */
export function decodeQrPng(png: Buffer): string {
  const image = PNG.sync.read(png);
  const code = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
  if (!code) throw new Error('no QR code found in the image');
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(code.binaryData));
}
