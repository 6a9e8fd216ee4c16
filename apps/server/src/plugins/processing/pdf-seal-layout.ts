import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fontkit, { type Font } from '@pdf-lib/fontkit';
import { rgb, type PDFDocument, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import { embedSubsetFont } from './pdf-font-subsets.ts';

/**
 * Runs in a processing child. Fonts and a small page writer for the pages sealing adds:
 * DejaVu (Unicode TTF, embedded as a subset) so that any Latin, Greek or Cyrillic name, e.g.
 * Łukasz, Şükrü, Zoë, renders and comes out of a text extractor as typed.
 */

export const A4 = { width: 595.28, height: 841.89 } as const;
export const MARGIN = 56;
export const ink = rgb(0.1, 0.1, 0.12);
export const muted = rgb(0.38, 0.4, 0.45);
export const declinedRed = rgb(0.72, 0.08, 0.08);
export const signatureBlue = rgb(0.05, 0.15, 0.45);

const require = createRequire(import.meta.url);
const packageFolder = (name: string) => path.dirname(require.resolve(`${name}/package.json`));
const dejaVu = (file: string) => path.join(packageFolder('dejavu-fonts-ttf'), 'ttf', file);

const fontFiles = {
  regular: dejaVu('DejaVuSans.ttf'),
  bold: dejaVu('DejaVuSans-Bold.ttf'),
  mono: dejaVu('DejaVuSansMono.ttf'),
  /** A typed name: Caveat (Google Fonts, OFL) covers Latin with its extensions and Cyrillic. */
  handwriting: path.join(
    packageFolder('@expo-google-fonts/caveat'),
    '500Medium/Caveat_500Medium.ttf',
  ),
  /** A typed name Caveat cannot write (Greek, say) is set in DejaVu Serif Italic instead. */
  signature: dejaVu('DejaVuSerif-Italic.ttf'),
} as const;
type FontName = keyof typeof fontFiles;
/** The names inside the subset fonts' files, tagged when embedded (see embedSubsetFont). */
const postscriptNames = {
  regular: 'DejaVuSans',
  bold: 'DejaVuSans-Bold',
  mono: 'DejaVuSansMono',
  signature: 'DejaVuSerif-Italic',
} as const;

const fontBytes = new Map<FontName, Uint8Array>();
function bytesOf(name: FontName): Uint8Array {
  const cached = fontBytes.get(name);
  if (cached) return cached;
  const bytes = new Uint8Array(readFileSync(fontFiles[name]));
  fontBytes.set(name, bytes);
  return bytes;
}

let handwritingGlyphs: Font | undefined;
/** True when the handwriting font has a glyph for every character of `text`. */
export function canHandwrite(text: string): boolean {
  handwritingGlyphs ??= fontkit.create(Buffer.from(bytesOf('handwriting')));
  const font = handwritingGlyphs;
  return [...text].every(
    (character) => /\s/.test(character) || font.hasGlyphForCodePoint(character.codePointAt(0) ?? 0),
  );
}

export type SealFonts = Record<Exclude<FontName, 'handwriting'>, PDFFont> & {
  /** Only when a typed name needs it. */
  handwriting: PDFFont | undefined;
};

/**
 * DejaVu is embedded as subsets (only the glyphs used: a few kilobytes each). Caveat is not:
 * pdf-lib's subsetting loses most of its glyphs, so it goes in whole (about 150 KB), and only
 * into a document with a typed name to write.
 */
export async function embedSealFonts(
  document: PDFDocument,
  options: { needsHandwriting: boolean; seed: string },
): Promise<SealFonts> {
  document.registerFontkit(fontkit);
  const embed = (name: Exclude<FontName, 'handwriting'>) =>
    embedSubsetFont(
      document,
      { bytes: bytesOf(name), postscriptName: postscriptNames[name] },
      options.seed,
    );
  const [regular, bold, mono, signature] = await Promise.all([
    embed('regular'),
    embed('bold'),
    embed('mono'),
    embed('signature'),
  ]);
  const handwriting = options.needsHandwriting
    ? // Without contextual alternates: pdf-lib would draw them with the plain letters' widths.
      await document.embedFont(bytesOf('handwriting'), { subset: false, features: { calt: false } })
    : undefined;
  return { regular, bold, mono, signature, handwriting };
}

/** Splits `text` into lines no wider than `width`, breaking long words when it must. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter((part) => part.length > 0)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

/** Lines written top to bottom; a new page begins when one is full. */
export class PageWriter {
  page: PDFPage;
  y: number;
  private readonly document: PDFDocument;
  private readonly header: (page: PDFPage) => number;

  /** `header` draws a new page's heading and answers where the body starts. */
  constructor(document: PDFDocument, header: (page: PDFPage) => number) {
    this.document = document;
    this.header = header;
    this.page = document.addPage([A4.width, A4.height]);
    this.y = header(this.page);
  }

  /** Makes room for `height` points, on a new page when this one has too little left. */
  ensure(height: number): void {
    if (this.y - height >= MARGIN) return;
    this.page = this.document.addPage([A4.width, A4.height]);
    this.y = this.header(this.page);
  }

  text(
    text: string,
    options: { font: PDFFont; size: number; x?: number; width?: number; color?: RGB },
  ): void {
    const x = options.x ?? MARGIN;
    const width = options.width ?? A4.width - MARGIN - x;
    const lineHeight = options.size * 1.35;
    for (const line of wrapText(text, options.font, options.size, width)) {
      this.ensure(lineHeight);
      this.y -= lineHeight;
      this.page.drawText(line, {
        x,
        y: this.y + options.size * 0.3,
        size: options.size,
        font: options.font,
        color: options.color ?? ink,
      });
    }
  }

  /** A label (German after the slash) and its value beside it, wrapped in the value column. */
  field(label: string, value: string, fonts: SealFonts, valueFont?: PDFFont, valueSize = 9): void {
    const size = 9;
    const lineHeight = size * 1.35;
    const labelWidth = 175;
    this.ensure(lineHeight);
    this.page.drawText(label, {
      x: MARGIN,
      y: this.y - lineHeight + size * 0.3,
      size,
      font: fonts.bold,
      color: muted,
    });
    this.text(value || '—', {
      font: valueFont ?? fonts.regular,
      size: valueSize,
      x: MARGIN + labelWidth,
    });
  }

  gap(points: number): void {
    this.y -= points;
  }

  rule(): void {
    this.ensure(8);
    this.y -= 4;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: A4.width - MARGIN, y: this.y },
      thickness: 0.5,
      color: muted,
    });
    this.y -= 4;
  }
}

/** "2026-11-23 21:50:12 UTC" */
export function formatTime(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}
