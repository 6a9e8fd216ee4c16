import { rgb, type PDFDocument, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import { createTextSanitizer, wrapText } from './letter-pdf-text.ts';

/** Millimetres to PDF points: DIN 5008 is specified in mm, PDF draws in 1/72 inch. */
export function mm(value: number): number {
  return (value * 72) / 25.4;
}

export const A4 = { width: mm(210), height: mm(297) };
export const MARGIN_LEFT = mm(25);
export const MARGIN_RIGHT = mm(20);
export const CONTENT_WIDTH = A4.width - MARGIN_LEFT - MARGIN_RIGHT;
/** Body text stops here, leaving room for the footer. */
const CONTENT_BOTTOM = mm(297 - 30);
const CONTINUATION_TOP = mm(32);

export const colors = {
  accent: rgb(0.09, 0.27, 0.45),
  text: rgb(0.12, 0.12, 0.14),
  muted: rgb(0.42, 0.44, 0.48),
  rule: rgb(0.8, 0.82, 0.85),
  tint: rgb(0.93, 0.95, 0.97),
  white: rgb(1, 1, 1),
};

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

export interface TextStyle {
  font?: PDFFont;
  size?: number;
  color?: RGB;
  /** Right-aligned text ends at x. */
  align?: 'left' | 'right';
}

/**
 * Draws on A4 pages in top-down millimetre-friendly coordinates (PDF's origin is bottom
 * left), keeps the writing position, and starts a new page when the next block would run
 * into the footer.
 */
export class LetterCanvas {
  readonly document: PDFDocument;
  readonly fonts: Fonts;
  readonly pages: PDFPage[] = [];
  readonly sanitize: (text: string) => string;
  /** Distance of the writing position from the top of the current page, in points. */
  y = 0;
  private readonly drawContinuationHeader: (canvas: LetterCanvas) => void;

  constructor(
    document: PDFDocument,
    fonts: Fonts,
    drawContinuationHeader: (canvas: LetterCanvas) => void,
  ) {
    this.document = document;
    this.fonts = fonts;
    this.sanitize = createTextSanitizer(fonts.regular);
    this.drawContinuationHeader = drawContinuationHeader;
  }

  get page(): PDFPage {
    const page = this.pages.at(-1);
    if (!page) throw new Error('No page has been added yet');
    return page;
  }

  addPage(): void {
    this.pages.push(this.document.addPage([A4.width, A4.height]));
    this.y = 0;
  }

  /** Moves to a new page unless `height` more points fit above the footer. */
  ensureSpace(height: number): boolean {
    if (this.y + height <= CONTENT_BOTTOM) return false;
    this.addPage();
    this.drawContinuationHeader(this);
    this.y = CONTINUATION_TOP;
    return true;
  }

  text(value: string, x: number, top: number, style: TextStyle = {}, page = this.page): void {
    const font = style.font ?? this.fonts.regular;
    const size = style.size ?? 10;
    const text = this.sanitize(value);
    const width = font.widthOfTextAtSize(text, size);
    page.drawText(text, {
      x: style.align === 'right' ? x - width : x,
      y: A4.height - top,
      font,
      size,
      color: style.color ?? colors.text,
    });
  }

  rectangle(
    x: number,
    top: number,
    width: number,
    height: number,
    color: RGB,
    page = this.page,
  ): void {
    page.drawRectangle({ x, y: A4.height - top - height, width, height, color });
  }

  line(
    x1: number,
    x2: number,
    top: number,
    color: RGB = colors.rule,
    thickness = 0.5,
    page = this.page,
  ): void {
    const y = A4.height - top;
    page.drawLine({ start: { x: x1, y }, end: { x: x2, y }, thickness, color });
  }

  wrap(value: string, width: number, style: TextStyle = {}): string[] {
    return wrapText(
      this.sanitize(value),
      style.font ?? this.fonts.regular,
      style.size ?? 10,
      width,
    );
  }

  /** The first line of `value`, ending in an ellipsis when the rest did not fit. */
  firstLine(value: string, width: number, style: TextStyle = {}): string {
    const font = style.font ?? this.fonts.regular;
    const size = style.size ?? 10;
    const lines = this.wrap(value, width, style);
    const first = lines[0] ?? '';
    if (lines.length <= 1) return first;
    let shortened = first;
    while (shortened && font.widthOfTextAtSize(`${shortened} …`, size) > width) {
      shortened = shortened.slice(0, -1);
    }
    return `${shortened.trimEnd().replace(/[,;:–-]$/, '')} …`;
  }

  /** Writes wrapped text at the writing position, breaking pages between lines. */
  paragraph(value: string, style: TextStyle & { lineHeight: number }): void {
    for (const line of this.wrap(value, CONTENT_WIDTH, style)) {
      this.ensureSpace(style.lineHeight);
      this.y += style.lineHeight;
      this.text(line, MARGIN_LEFT, this.y, style);
    }
  }
}
