import { decodeText, type DecodeOptions } from './encoding.ts';
import { parseCsv } from './table.ts';

/*
 * Whether the first bytes of a file are text, and then whether a table (CSV) or plain text.
 * Binary files have no signature in common, so text is what decodes to printable characters;
 * a table is text whose first rows split into the same number (two or more) of fields.
 */

const SAMPLE_CHARS = 64 * 1024;
const SAMPLE_ROWS = 20;
/** Share of the sampled rows that must have as many fields as the first. */
const CONSISTENT_SHARE = 0.8;

/** Control characters other than tab, line feed, form feed and carriage return. */
function hasBinaryCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    const isControl = code < 0x20 || code === 0x7f;
    if (isControl && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d) return true;
  }
  return false;
}

export type TextContentType = 'text/csv' | 'text/plain';

function looksLikeTable(text: string, isComplete: boolean): boolean {
  const { rows } = parseCsv(text, { maxRows: SAMPLE_ROWS, isComplete });
  const [first] = rows;
  if (!first || first.length < 2 || rows.length < 2) return false;
  const consistent = rows.filter((row) => row.length === first.length).length;
  return consistent / rows.length >= CONSISTENT_SHARE;
}

/** `text/csv`, `text/plain`, or undefined when the bytes are not text (or empty). */
export function sniffTextType(
  head: Uint8Array,
  options: DecodeOptions = {},
): TextContentType | undefined {
  if (head.length === 0) return undefined;
  const isComplete = options.isComplete !== false;
  const { text } = decodeText(head, { isComplete, maxChars: SAMPLE_CHARS });
  if (text.trim() === '' || hasBinaryCharacter(text) || text.includes('\uFFFD')) return undefined;
  const isSampleWhole = isComplete && text.length < SAMPLE_CHARS;
  return looksLikeTable(text, isSampleWhole) ? 'text/csv' : 'text/plain';
}
