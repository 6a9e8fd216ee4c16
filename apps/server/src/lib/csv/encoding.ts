import { isUtf8 } from 'node:buffer';
import type { CsvEncoding } from '@kuvert/shared/uploads';

/*
 * The encoding of a text file from a real spreadsheet or editor, decided as Excel and
 * LibreOffice users produce them: a byte order mark when there is one (UTF-8, or UTF-16 for
 * Excel's "Unicode text"), else UTF-8 when every byte sequence is valid UTF-8, else
 * Windows-1252 (not ISO-8859-1: € is 0x80 there). A UTF-16 file that lost its mark is
 * recognised by its zero bytes. Pure: runs wherever it is given bytes.
 */

export interface DecodeOptions {
  /**
   * False when `bytes` is only the first part of a file: a character cut at the end is then
   * not a sign of a wrong encoding, and is dropped.
   */
  isComplete?: boolean;
}

const UTF16_SAMPLE_BYTES = 4096;
/** Share of zero bytes in one half (odd or even positions) that marks UTF-16 without a BOM. */
const UTF16_ZERO_SHARE = 0.4;

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return signature.every((byte, index) => bytes[index] === byte);
}

/** The encoding a byte order mark announces, and how many bytes the mark takes. */
export function encodingByBom(bytes: Uint8Array): CsvEncoding | undefined {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return 'utf-8';
  if (startsWith(bytes, [0xff, 0xfe])) return 'utf-16le';
  if (startsWith(bytes, [0xfe, 0xff])) return 'utf-16be';
  return undefined;
}

/**
 * UTF-16 without a byte order mark: text in Latin script has a zero in every other byte.
 * Answers which half holds the zeros, or undefined when the sample does not look like that.
 */
function utf16WithoutBom(bytes: Uint8Array): CsvEncoding | undefined {
  const sample = bytes.subarray(0, Math.min(bytes.length, UTF16_SAMPLE_BYTES) & ~1);
  if (sample.length < 4) return undefined;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let index = 0; index < sample.length; index += 2) {
    if (sample[index] === 0) evenZeros += 1;
    if (sample[index + 1] === 0) oddZeros += 1;
  }
  const pairs = sample.length / 2;
  if (oddZeros / pairs >= UTF16_ZERO_SHARE && evenZeros === 0) return 'utf-16le';
  if (evenZeros / pairs >= UTF16_ZERO_SHARE && oddZeros === 0) return 'utf-16be';
  return undefined;
}

/** How many leading bytes form whole UTF-8 sequences: a sequence cut at the end is left out. */
function wholeUtf8Length(bytes: Uint8Array): number {
  // A sequence is at most four bytes: look back at most three for its lead byte.
  for (let back = 1; back <= Math.min(3, bytes.length); back += 1) {
    const byte = bytes[bytes.length - back] ?? 0;
    if ((byte & 0xc0) === 0x80) continue;
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return length > back ? bytes.length - back : bytes.length;
  }
  return bytes.length;
}

/** Every byte sequence is valid UTF-8 (checked natively, without building a string). */
export function isValidUtf8(bytes: Uint8Array, options: DecodeOptions = {}): boolean {
  const whole = options.isComplete === false ? bytes.subarray(0, wholeUtf8Length(bytes)) : bytes;
  return isUtf8(whole);
}

export function detectEncoding(bytes: Uint8Array, options: DecodeOptions = {}): CsvEncoding {
  return (
    encodingByBom(bytes) ??
    utf16WithoutBom(bytes) ??
    (isValidUtf8(bytes, options) ? 'utf-8' : 'windows-1252')
  );
}

/** Bytes one UTF-16 code unit of the decoded string can take at most, per encoding. */
const maxBytesPerUnit: Record<CsvEncoding, number> = {
  'utf-8': 3,
  'utf-16le': 2,
  'utf-16be': 2,
  'windows-1252': 1,
};

export interface DecodeTextOptions extends DecodeOptions {
  /** Decode only enough for this many characters (UTF-16 code units) and cut there. */
  maxChars?: number;
}

/**
 * The text in `encoding`, without its byte order mark. Invalid sequences become U+FFFD (the
 * user chose the encoding, or it was detected and they are impossible). Only as many bytes
 * as `maxChars` can need are decoded, so a large file never becomes a large string.
 */
export function decodeBytes(
  bytes: Uint8Array,
  encoding: CsvEncoding,
  options: DecodeTextOptions = {},
): string {
  const { maxChars } = options;
  const bom = encodingByBom(bytes) === encoding ? (encoding === 'utf-8' ? 3 : 2) : 0;
  const neededBytes =
    maxChars === undefined ? bytes.length : bom + maxChars * maxBytesPerUnit[encoding] + 4;
  const isCut = neededBytes < bytes.length || options.isComplete === false;
  const input = bytes.subarray(0, Math.min(bytes.length, neededBytes));
  // `stream` keeps a character cut at the end back instead of turning it into U+FFFD.
  const text = new TextDecoder(encoding).decode(input, { stream: isCut });
  return maxChars === undefined ? text : text.slice(0, maxChars);
}

export interface DecodedText {
  encoding: CsvEncoding;
  text: string;
}

/** Detects the encoding (unless given) and decodes. */
export function decodeText(
  bytes: Uint8Array,
  options: DecodeTextOptions & { encoding?: CsvEncoding } = {},
): DecodedText {
  const encoding = options.encoding ?? detectEncoding(bytes, options);
  return { encoding, text: decodeBytes(bytes, encoding, options) };
}
