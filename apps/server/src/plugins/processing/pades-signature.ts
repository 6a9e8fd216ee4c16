import { createHash, X509Certificate } from 'node:crypto';
import { createCadesSignature } from './pdf-cms.ts';
import type { SealKey } from './tasks.ts';

/**
 * Runs in the web process, never in a processing child: the seal's private key stays here. The
 * child composed the PDF with a signature dictionary whose /ByteRange is a placeholder and whose
 * /Contents is reserved as zeros (pdf-pades-placeholder.ts). Here the /ByteRange is written
 * around /Contents and the CMS (PAdES B-B, see pdf-cms.ts) written into it. Only byte positions
 * are looked at, nothing is parsed; each placeholder must be found exactly once.
 */

/** Ten digits each, replaced in place by the real offsets (padded with spaces). */
export const BYTE_RANGE_PLACEHOLDER = 9_999_999_999;
/** As pdf-lib writes the placeholder array. */
const BYTE_RANGE_TEXT = `[ 0 ${BYTE_RANGE_PLACEHOLDER} ${BYTE_RANGE_PLACEHOLDER} ${BYTE_RANGE_PLACEHOLDER} ]`;
/** Room above the size a trial signature took (ECDSA signatures vary by a few bytes). */
const CONTENTS_SLACK = 256;

/** The seal certificate's common name and hex SHA-256, for the audit-trail page. */
export function describeCertificate(pem: string): { commonName: string; fingerprint256: string } {
  const certificate = new X509Certificate(pem);
  const commonName = certificate.subject
    .split('\n')
    .find((part) => part.startsWith('CN='))
    ?.slice('CN='.length);
  return {
    commonName: commonName ?? certificate.subject,
    fingerprint256: certificate.fingerprint256.replaceAll(':', '').toLowerCase(),
  };
}

const reserved = new WeakMap<SealKey, number>();

/** Bytes to reserve in /Contents for a signature with this key and its certificates. */
export function contentsBytesFor(seal: SealKey): number {
  const known = reserved.get(seal);
  if (known) return known;
  const size = createCadesSignature(new Uint8Array(32), seal).length + CONTENTS_SLACK;
  reserved.set(seal, size);
  return size;
}

function indexOfOnce(bytes: Buffer, needle: string): number {
  const index = bytes.indexOf(needle, 0, 'latin1');
  if (index < 0 || bytes.indexOf(needle, index + 1, 'latin1') >= 0) {
    throw new Error(`The signature placeholder ${needle.slice(0, 20)}… is not in the PDF once.`);
  }
  return index;
}

/** The composed PDF with its /ByteRange written around /Contents (still zeros). */
export function fillByteRange(
  composed: Uint8Array,
  contentsBytes: number,
): { bytes: Buffer; contentsStart: number; contentsEnd: number } {
  const bytes = Buffer.from(composed);
  const placeholder = `<${'0'.repeat(contentsBytes * 2)}>`;
  const contentsStart = indexOfOnce(bytes, placeholder);
  const contentsEnd = contentsStart + placeholder.length;
  const rangeStart = indexOfOnce(bytes, BYTE_RANGE_TEXT);
  const byteRange = [0, contentsStart, contentsEnd, bytes.length - contentsEnd];
  bytes.write(`[${byteRange.join(' ')}]`.padEnd(BYTE_RANGE_TEXT.length, ' '), rangeStart, 'latin1');
  return { bytes, contentsStart, contentsEnd };
}

/** The composed PDF, signed, with the hex SHA-256 of the bytes the signature covers. */
export function signComposedPdf(
  composed: Uint8Array,
  contentsBytes: number,
  seal: SealKey,
): { bytes: Uint8Array; signedSha256: string } {
  const { bytes, contentsStart, contentsEnd } = fillByteRange(composed, contentsBytes);
  const digest = createHash('sha256')
    .update(bytes.subarray(0, contentsStart))
    .update(bytes.subarray(contentsEnd))
    .digest();
  const signature = createCadesSignature(digest, seal);
  if (signature.length > contentsBytes) {
    throw new Error('The seal signature is larger than the room reserved for it.');
  }
  bytes.write(Buffer.from(signature).toString('hex'), contentsStart + 1, 'latin1');
  return {
    bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    signedSha256: digest.toString('hex'),
  };
}
