import { decodeText, type DecodeOptions } from './encoding.ts';
import { detectDelimiter } from './delimiter.ts';

/*
 * Whether the first bytes of a file are text, and then whether a table (CSV) or plain text.
 * Binary files have no signature in common, so text is what decodes to printable characters;
 * a table is text whose first rows split alike into two or more fields (delimiter.ts).
 */

const SAMPLE_CHARS = 64 * 1024;

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
  const detected = detectDelimiter(text, { isComplete: isSampleWhole });
  return detected?.isTable ? 'text/csv' : 'text/plain';
}
