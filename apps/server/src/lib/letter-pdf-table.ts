import {
  CONTENT_WIDTH,
  MARGIN_LEFT,
  colors,
  mm,
  type LetterCanvas,
  type TextStyle,
} from './letter-pdf-canvas.ts';

export interface LetterTable {
  headers: string[];
  rows: string[][];
  /** Shown bold under the last column, labelled "Total"/"Gesamt". */
  total?: string;
}

const FONT_SIZE = 9.5;
const LINE_HEIGHT = 12;
const PADDING = mm(2);
const MIN_COLUMN_WIDTH = mm(20);
const MIN_FIRST_COLUMN_WIDTH = mm(50);

interface Column {
  left: number;
  width: number;
  /** Every column but the first holds figures (quantity, price, amount): right-aligned. */
  isNumeric: boolean;
}

function layoutColumns(canvas: LetterCanvas, table: LetterTable): Column[] {
  const count = table.headers.length;
  const widthOf = (value: string, bold: boolean) =>
    (bold ? canvas.fonts.bold : canvas.fonts.regular).widthOfTextAtSize(
      canvas.sanitize(value),
      FONT_SIZE,
    );
  let widths = table.headers.map((header, index) => {
    if (index === 0) return 0;
    const cells = table.rows.map((row) => widthOf(row[index] ?? '', false));
    const total = index === count - 1 && table.total ? widthOf(table.total, true) : 0;
    return Math.max(MIN_COLUMN_WIDTH, widthOf(header, true), total, ...cells) + 2 * PADDING;
  });
  const figuresWidth = widths.reduce((sum, width) => sum + width, 0);
  if (CONTENT_WIDTH - figuresWidth >= MIN_FIRST_COLUMN_WIDTH) {
    widths[0] = CONTENT_WIDTH - figuresWidth;
  } else {
    // Too many or too wide figures: share the width equally and let every cell wrap.
    widths = widths.map(() => CONTENT_WIDTH / count);
  }
  let left = MARGIN_LEFT;
  return widths.map((width, index) => {
    const column = { left, width, isNumeric: index > 0 };
    left += width;
    return column;
  });
}

function drawCell(
  canvas: LetterCanvas,
  lines: string[],
  column: Column,
  top: number,
  style: TextStyle,
): void {
  lines.forEach((line, index) => {
    const baseline = top + PADDING + FONT_SIZE + index * LINE_HEIGHT;
    const x = column.isNumeric ? column.left + column.width - PADDING : column.left + PADDING;
    canvas.text(line, x, baseline, {
      ...style,
      size: FONT_SIZE,
      align: column.isNumeric ? 'right' : 'left',
    });
  });
}

/** Each cell's wrapped lines, and the height of the tallest cell. */
function layoutRow(
  canvas: LetterCanvas,
  columns: Column[],
  cells: string[],
  style: TextStyle,
): { lines: string[][]; height: number } {
  const lines = columns.map((column, index) =>
    canvas.wrap(cells[index] ?? '', column.width - 2 * PADDING, { ...style, size: FONT_SIZE }),
  );
  const height =
    Math.max(...lines.map((cellLines) => cellLines.length)) * LINE_HEIGHT + 2 * PADDING;
  return { lines, height };
}

function drawRow(
  canvas: LetterCanvas,
  columns: Column[],
  lines: string[][],
  style: TextStyle,
): void {
  columns.forEach((column, index) => drawCell(canvas, lines[index] ?? [], column, canvas.y, style));
}

/** An invoice table: a tinted header row repeated on every page, ruled rows, a total. */
export function drawTable(canvas: LetterCanvas, table: LetterTable, totalLabel: string): void {
  const columns = layoutColumns(canvas, table);
  const bold = { font: canvas.fonts.bold };
  const header = layoutRow(canvas, columns, table.headers, bold);

  function drawHeader(): void {
    canvas.rectangle(MARGIN_LEFT, canvas.y, CONTENT_WIDTH, header.height, colors.tint);
    drawRow(canvas, columns, header.lines, { ...bold, color: colors.accent });
    canvas.y += header.height;
  }

  // The header never stands alone at the foot of a page.
  canvas.ensureSpace(header.height + LINE_HEIGHT + 2 * PADDING);
  drawHeader();
  for (const row of table.rows) {
    const { lines, height } = layoutRow(canvas, columns, row, {});
    if (canvas.ensureSpace(height)) drawHeader();
    drawRow(canvas, columns, lines, {});
    canvas.y += height;
    canvas.line(MARGIN_LEFT, MARGIN_LEFT + CONTENT_WIDTH, canvas.y);
  }
  if (table.total === undefined) return;

  const totalHeight = LINE_HEIGHT + 2 * PADDING;
  canvas.ensureSpace(totalHeight + 2);
  canvas.line(MARGIN_LEFT, MARGIN_LEFT + CONTENT_WIDTH, canvas.y, colors.accent, 1);
  const last = columns.at(-1);
  const labelColumn = columns.length > 1 ? columns.at(-2) : undefined;
  if (last) drawCell(canvas, [table.total], last, canvas.y, bold);
  if (labelColumn) drawCell(canvas, [totalLabel], labelColumn, canvas.y, bold);
  canvas.y += totalHeight;
}
