import type { CsvDelimiter, CsvEncoding, UploadContentType } from '@kuvert/shared/uploads';
import { detectDelimiter } from '../../lib/csv/index.ts';
import { sniffContentType } from '../../plugins/uploads.ts';

/**
 * Bytes judged at the start of an upload: enough for every binary signature, and for a few
 * lines of a CSV to show whether they split consistently.
 */
export const UPLOAD_SNIFF_BYTES = 64 * 1024;

export interface JudgedType {
  contentType: UploadContentType;
  /** For text and CSV: how the bytes are encoded. */
  encoding: CsvEncoding | null;
  /** For CSV: the column separator. */
  delimiter: CsvDelimiter | null;
}

/** Why the bytes were refused; said to the user with the file's name. */
export type RefusalReason = 'markup' | 'binary' | 'unknown';

export type Judgement =
  ({ isAccepted: true } & JudgedType) | { isAccepted: false; reason: RefusalReason };

/** Bytes Windows-1252 leaves undefined: such a file is not text in any encoding we read. */
const UNDEFINED_IN_1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

/**
 * Markup a browser would render or run, and script a shell would: refused even though it is
 * text. Kuvert serves uploads with nosniff and a sandbox, but keeps none of these at all.
 */
const LEADING_MARKUP =
  /^(?:<!doctype|<html|<head|<body|<script|<iframe|<svg|<\?xml|<!--|<\?php|<%|<(?:a|b|br|p|h1|div|font|table|style|title|object|embed|meta|link|form|img)[\s>/]|#!)/i;
const MARKUP_ANYWHERE = /<(?:script|svg|html|iframe|object|embed)[\s>/]|<\?php/i;

function accept(
  contentType: UploadContentType,
  encoding: CsvEncoding | null = null,
  delimiter: CsvDelimiter | null = null,
): Judgement {
  return { isAccepted: true, contentType, encoding, delimiter };
}

function refuse(reason: RefusalReason): Judgement {
  return { isAccepted: false, reason };
}

/** A character that has no place in a text file (NUL and the other C0/C1 controls). */
function isControl(code: number): boolean {
  if (code === 0x09 || code === 0x0a || code === 0x0d || code === 0x0c) return false;
  return code < 0x20 || code === 0x7f || (code >= 0x80 && code < 0xa0);
}

/**
 * The sample decoded as text, or undefined when it is not text in any encoding Kuvert reads.
 * `isTruncated`: the sample is the start of a longer file, so its last character may be cut.
 */
function decodeText(
  bytes: Buffer,
  isTruncated: boolean,
): { text: string; encoding: CsvEncoding } | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return decodeWith(bytes.subarray(2), 'utf-16le', isTruncated);
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return decodeWith(bytes.subarray(2), 'utf-16be', isTruncated);
  const withoutBom =
    bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  return (
    decodeWith(withoutBom, 'utf-8', isTruncated) ?? decodeWith(withoutBom, 'windows-1252', false)
  );
}

function decodeWith(
  bytes: Buffer,
  encoding: CsvEncoding,
  isTruncated: boolean,
): { text: string; encoding: CsvEncoding } | undefined {
  if (encoding === 'windows-1252' && bytes.some((byte) => UNDEFINED_IN_1252.has(byte))) {
    return undefined;
  }
  let text: string;
  try {
    // `stream: true` keeps a character cut at the end of the sample from failing the check.
    text = new TextDecoder(encoding, { fatal: true }).decode(bytes, { stream: isTruncated });
  } catch {
    return undefined;
  }
  for (const character of text) {
    if (isControl(character.codePointAt(0) ?? 0)) return undefined;
  }
  return { text, encoding };
}

function hasCsvName(filename: string): boolean {
  return /\.(csv|tsv)$/i.test(filename);
}

/**
 * The type of an upload judged by its first bytes (`sample`, at most UPLOAD_SNIFF_BYTES), never
 * by its name, except that a text file named `.csv`/`.tsv` is taken as a table. `isTruncated`:
 * the file goes on after the sample.
 */
export function judgeUploadType(sample: Buffer, filename: string, isTruncated: boolean): Judgement {
  const sniffed = sniffContentType(sample);
  if (sniffed === 'application/pdf') {
    // Readers accept junk before `%PDF-`, and so do we, unless the junk is markup: a polyglot.
    const start = sample.indexOf('%PDF-');
    return sample.subarray(0, start).includes('<') ? refuse('markup') : accept(sniffed);
  }
  if (sniffed === 'image/png' || sniffed === 'image/jpeg' || sniffed === 'image/webp') {
    return accept(sniffed);
  }
  if (sniffed !== undefined) return refuse('unknown');
  const decoded = decodeText(sample, isTruncated);
  if (!decoded) return refuse('binary');
  const { text, encoding } = decoded;
  if (text.trim() === '') return accept('text/plain', encoding);
  if (LEADING_MARKUP.test(text.trimStart()) || MARKUP_ANYWHERE.test(text)) return refuse('markup');
  // The same detection the reading job and the table use (lib/csv), so they never disagree.
  const detected = detectDelimiter(text, { isComplete: !isTruncated });
  if (detected?.isTable) return accept('text/csv', encoding, detected.delimiter);
  if (!hasCsvName(filename)) return accept('text/plain', encoding);
  return accept('text/csv', encoding, detected?.delimiter ?? fallbackDelimiter(filename));
}

function fallbackDelimiter(filename: string): CsvDelimiter {
  return /\.tsv$/i.test(filename) ? '\t' : ',';
}

const reasonTexts: Record<RefusalReason, string> = {
  markup: 'is not a file Kuvert keeps: it holds web page markup or a script',
  binary: 'is not a PDF, an image (PNG, JPEG, WebP), a CSV or a text file',
  unknown: 'is not a PDF, an image (PNG, JPEG, WebP), a CSV or a text file',
};

/** “name” is not …: the message of a 415 for this upload. */
export function refusalMessage(filename: string, reason: RefusalReason): string {
  return `“${filename}” ${reasonTexts[reason]}.`;
}
