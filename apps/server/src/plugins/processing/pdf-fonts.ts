import { readFileSync } from 'node:fs';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import { ADDRESS_FONT_FILE } from '../../lib/address-window.ts';
import { embedSubsetFont, type FontFile } from './pdf-font-subsets.ts';

/**
 * DejaVu Sans, regular and bold, for the PDFs a processing child draws (printed letters, form
 * receipts): embedded as a subset, so any Latin, Greek or Cyrillic name prints. Runs in a child.
 */

const BOLD_FONT_FILE = ADDRESS_FONT_FILE.replace(/DejaVuSans\.ttf$/, 'DejaVuSans-Bold.ttf');
/** The files' bytes, read once per child; each document parses them itself (see embedSubsetFont). */
let fontFiles: { regular: FontFile; bold: FontFile } | undefined;
function dejaVuFiles() {
  fontFiles ??= {
    regular: {
      bytes: new Uint8Array(readFileSync(ADDRESS_FONT_FILE)),
      postscriptName: 'DejaVuSans',
    },
    bold: {
      bytes: new Uint8Array(readFileSync(BOLD_FONT_FILE)),
      postscriptName: 'DejaVuSans-Bold',
    },
  };
  return fontFiles;
}

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Embeds both fonts (as subsets) into a new document; `seed` stands for its content (see contentSeed). */
export async function embedDejaVuFonts(document: PDFDocument, seed: string): Promise<Fonts> {
  const files = dejaVuFiles();
  return {
    regular: await embedSubsetFont(document, files.regular, seed),
    bold: await embedSubsetFont(document, files.bold, seed),
  };
}

/** Control characters (tabs included) would draw as boxes or break the content stream. */
export function printable(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\t/g, '    ').replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '');
}

/**
 * Splits `text` into lines no wider than `width`, breaking long words when it must. Each word
 * is measured once (shaping is what costs), a line as the sum of its words and spaces.
 */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const widths = new Map<string, number>();
  const widthOf = (word: string) => {
    let known = widths.get(word);
    if (known === undefined) {
      known = font.widthOfTextAtSize(word, size);
      widths.set(word, known);
    }
    return known;
  };
  const space = widthOf(' ');
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    let lineWidth = 0;
    for (const word of paragraph.split(/\s+/).filter((part) => part.length > 0)) {
      const wordWidth = widthOf(word);
      if (line && lineWidth + space + wordWidth <= width) {
        line = `${line} ${word}`;
        lineWidth += space + wordWidth;
        continue;
      }
      if (line) lines.push(line);
      let rest = word;
      while (widthOf(rest) > width && rest.length > 1) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
      lineWidth = widthOf(rest);
    }
    lines.push(line);
  }
  return lines;
}
