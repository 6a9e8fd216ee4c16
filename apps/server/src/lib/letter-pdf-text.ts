import type { PDFFont } from 'pdf-lib';

/**
 * The standard PDF fonts (Helvetica here) use WinAnsi encoding: Latin-1 plus a few extras
 * (€, „ “ ” ‘ ’ – — … • ‰ ™ Š š Ž ž Œ œ Ÿ). That covers German and most of Western Europe,
 * but pdf-lib throws on anything else, so every string is made encodable before drawing.
 */

/** Characters WinAnsi lacks that have a well-known stand-in and no decomposition. */
const FALLBACKS: Record<string, string> = {
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ı: 'i',
  ħ: 'h',
  ŧ: 't',
  '\t': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
  '\u2007': ' ',
  '\u2212': '-',
  '\u2010': '-',
  '\u2011': '-',
  '\u2192': '->',
  '\u2190': '<-',
  '\u201f': '"',
  '\u201b': "'",
};
const REPLACEMENT = '?';
const COMBINING_MARKS = /[\u0300-\u036f]/g;

/** Makes text drawable with `font`: keeps what it encodes, simplifies or replaces the rest. */
export function createTextSanitizer(font: PDFFont): (text: string) => string {
  const supported = new Set(font.getCharacterSet());
  const isSupported = (character: string) => {
    const codePoint = character.codePointAt(0);
    return codePoint !== undefined && supported.has(codePoint);
  };

  function replaceCharacter(character: string): string {
    // Line breaks are not drawable, but wrapText needs them to keep the author's lines.
    if (isSupported(character) || character === '\n') return character;
    const fallback = FALLBACKS[character];
    if (fallback !== undefined) return fallback;
    // "Ő" → "O" + combining mark → "O": the letter stays readable without its accent.
    const base = character.normalize('NFKD').replace(COMBINING_MARKS, '');
    if (base.length > 0 && [...base].every(isSupported)) return base;
    return REPLACEMENT;
  }

  return (text) => {
    let result = '';
    for (const character of text.normalize('NFC')) result += replaceCharacter(character);
    return result;
  };
}

/** Cuts a word wider than the line into pieces that fit (IBANs, URLs, long compounds). */
function breakLongWord(word: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const character of word) {
    if (piece && font.widthOfTextAtSize(piece + character, size) > maxWidth) {
      pieces.push(piece);
      piece = '';
    }
    piece += character;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/** Greedy word wrap; explicit line breaks in `text` are kept. Text must already be sanitised. */
export function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  for (const paragraphLine of text.split(/\r?\n/)) {
    let line = '';
    const words = paragraphLine.split(/ +/).filter((word) => word.length > 0);
    for (const word of words) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      const pieces = breakLongWord(word, font, size, maxWidth);
      line = pieces.pop() ?? '';
      lines.push(...pieces);
    }
    lines.push(line);
  }
  return lines;
}
