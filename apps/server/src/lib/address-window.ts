import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fontkit, { type Font } from '@pdf-lib/fontkit';

/**
 * The DIN 5008 Form B address field of a printed letter, in PDF points (72 per inch, origin at
 * the page's top left here; pdf-lib's origin is the bottom left, so the renderer flips y).
 * The field is 85 × 45 mm at 20 mm from the left and 45 mm from the top: a 17.7 mm remark zone
 * whose bottom line is the return line, then 27.3 mm for up to six address lines. Print
 * services keep it empty but for these lines, and so do we: a test reads it back with
 * `pdftotext -x 57 -y 128 -W 241 -H 128`.
 *
 * The web process checks addresses against it when a letter is sent, and the processing pool
 * draws with the same numbers and the same font, so what passes the check fits the window.
 */
const POINTS_PER_MM = 72 / 25.4;
export const mm = (millimetres: number) => millimetres * POINTS_PER_MM;

export const A4_PAGE = { width: mm(210), height: mm(297) } as const;

export const ADDRESS_FIELD = {
  left: mm(20),
  top: mm(45),
  width: mm(85),
  height: mm(45),
  remarkZoneHeight: mm(17.7),
} as const;

/** Text starts 5 mm into the field and keeps 3 mm from its right edge. */
export const ADDRESS_TEXT_INDENT = mm(5);
export const ADDRESS_TEXT_WIDTH = ADDRESS_FIELD.width - ADDRESS_TEXT_INDENT - mm(3);
export const ADDRESS_FONT_SIZE = 9;
export const RETURN_LINE_FONT_SIZE = 7;

/** Fold marks (Form B) at 105 and 210 mm from the top, the punch mark at 148.5 mm. */
export const FOLD_MARKS = [mm(105), mm(210)] as const;
export const PUNCH_MARK = mm(148.5);

const require = createRequire(import.meta.url);
/** DejaVu Sans: embedded in every print PDF, so any Latin, Greek or Cyrillic name prints. */
export const ADDRESS_FONT_FILE = path.join(
  path.dirname(require.resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
  'DejaVuSans.ttf',
);

let font: Font | undefined;
function addressFont(): Font {
  font ??= fontkit.create(readFileSync(ADDRESS_FONT_FILE));
  return font;
}

/** The width of `text` in points, set in the address font at `size`. */
export function textWidth(text: string, size: number): number {
  const glyphs = addressFont();
  return (glyphs.layout(text).advanceWidth / glyphs.unitsPerEm) * size;
}

/** Indexes of the lines that are wider than the address field allows. */
export function linesTooWide(lines: readonly string[], size = ADDRESS_FONT_SIZE): number[] {
  return lines.flatMap((line, index) =>
    textWidth(line, size) > ADDRESS_TEXT_WIDTH ? [index] : [],
  );
}
