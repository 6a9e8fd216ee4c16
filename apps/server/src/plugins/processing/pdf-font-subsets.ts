import { createHash } from 'node:crypto';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/**
 * Runs in a processing child. Embeds a TrueType font as a subset, named as PDF 32000 §9.6.4
 * asks: a six-capital tag, a plus sign, the PostScript name ("KQWZRT+DejaVuSans"). Readers and
 * checkers (pdffonts' "sub" column, PDF/A validators) tell a subset by that tag, and two
 * subsets of one font in a merged print batch need two names.
 *
 * Every document parses the font file anew: fontkit keeps the glyphs it made inside the parsed
 * font. Writing a subset with "Ö" (a composite glyph) makes its component "O" without any
 * character, and a later document sharing that font maps "O" to nothing in its ToUnicode
 * ("Anna tto", "SWIT ERLAND" to search, copy and screen readers). It costs a parse of each
 * font per document (about 60 ms each for DejaVu Sans).
 */

/** A font file as read from disk, with the PostScript name inside it. */
export interface FontFile {
  bytes: Uint8Array;
  postscriptName: string;
}

/**
 * A seed that stands for a document's content: the same content gives the same tags (a
 * letter printed twice is the same bytes), other content other tags. Bytes count by digest.
 */
export function contentSeed(content: unknown): string {
  const digest = createHash('sha256');
  digest.update(
    JSON.stringify(content, (_key, value: unknown) =>
      value instanceof Uint8Array ? createHash('sha256').update(value).digest('hex') : value,
    ),
  );
  return digest.digest('hex');
}

/** Six capital letters from the seed and the font's name (PDF 32000 §9.6.4). */
export function subsetTag(seed: string, postscriptName: string): string {
  const digest = createHash('sha256').update(`${seed}\u0000${postscriptName}`).digest();
  return Array.from(digest.subarray(0, 6), (byte) => String.fromCharCode(65 + (byte % 26))).join(
    '',
  );
}

export async function embedSubsetFont(
  document: PDFDocument,
  font: FontFile,
  seed: string,
): Promise<PDFFont> {
  document.registerFontkit(fontkit);
  return document.embedFont(font.bytes, {
    subset: true,
    customName: `${subsetTag(seed, font.postscriptName)}+${font.postscriptName}`,
  });
}
