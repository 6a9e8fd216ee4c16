import { PDFDocument, rgb, type PDFPage, type RGB } from 'pdf-lib';
import { A4_PAGE, mm } from '../../lib/address-window.ts';
import { contentSeed } from './pdf-font-subsets.ts';
import { embedDejaVuFonts, printable, wrapText, type Fonts } from './pdf-fonts.ts';
import { ProcessingError, type FormPdfInput, type PrintedLetter } from './tasks.ts';

/**
 * Runs in a processing child (task `form.pdf`). The PDF of a form submission: a small heading,
 * the form's title, the facts (provider, time, reference) as a two-column list, a rule, then
 * each section's title and each field's label with its answer below it. Long answers wrap and
 * run on over as many pages as they need; a label never ends a page without the start of its
 * answer, nor a section title without its first field. Every page carries the footer and its
 * number. All text is DejaVu Sans, so whatever script a person answers in prints.
 */

const ink = rgb(0.1, 0.1, 0.12);
const muted = rgb(0.38, 0.4, 0.44);
const ruleGrey = rgb(0.75, 0.77, 0.8);
const LEFT = mm(20);
const WIDTH = A4_PAGE.width - 2 * LEFT;
const TOP = mm(20);
const BOTTOM = mm(22);
const FOOTER_BASELINE = mm(12);
const FACT_LABEL_WIDTH = mm(42);
const HEADING_SIZE = 8.5;
const TITLE_SIZE = 16;
const FACT_SIZE = 9.5;
const SECTION_SIZE = 12.5;
const LABEL_SIZE = 9;
const ANSWER_SIZE = 10.5;
const FOOTER_SIZE = 8;
const NO_ANSWER = '—';

type Weight = keyof Fonts;

/** Text drawn on one line at `x`, in one font, size and colour. */
interface Segment {
  text: string;
  x: number;
  weight: Weight;
  size: number;
  color: RGB;
}

/** One line of the layout: its segments, or a rule across the text width. */
interface Line {
  /** From this line's top to its baseline, and what the next line starts below. */
  height: number;
  segments: Segment[];
  isRule?: boolean;
}

/** Lines that belong together; the first `keep` of them never part across a page break. */
interface Block {
  before: number;
  lines: Line[];
  keep: number;
  /** The next block's kept lines go on the same page as this block's (a section title). */
  keepWithNext?: boolean;
}

function textLines(
  text: string,
  options: { fonts: Fonts; weight: Weight; size: number; color: RGB; x: number; width: number },
): Line[] {
  const font = options.fonts[options.weight];
  return wrapText(printable(text), font, options.size, options.width).map((line) => ({
    height: options.size * 1.35,
    segments: [
      {
        text: line,
        x: options.x,
        weight: options.weight,
        size: options.size,
        color: options.color,
      },
    ],
  }));
}

function headerBlocks(input: FormPdfInput, fonts: Fonts): Block[] {
  const heading = textLines(input.heading, {
    fonts,
    weight: 'regular',
    size: HEADING_SIZE,
    color: muted,
    x: LEFT,
    width: WIDTH,
  });
  const title = textLines(input.title, {
    fonts,
    weight: 'bold',
    size: TITLE_SIZE,
    color: ink,
    x: LEFT,
    width: WIDTH,
  });
  const facts: Line[] = input.facts.flatMap((fact) => {
    const labels = textLines(fact.label, {
      fonts,
      weight: 'bold',
      size: FACT_SIZE,
      color: muted,
      x: LEFT,
      width: FACT_LABEL_WIDTH - mm(3),
    });
    const values = textLines(fact.value || NO_ANSWER, {
      fonts,
      weight: 'regular',
      size: FACT_SIZE,
      color: ink,
      x: LEFT + FACT_LABEL_WIDTH,
      width: WIDTH - FACT_LABEL_WIDTH,
    });
    const rows = Math.max(labels.length, values.length);
    return Array.from({ length: rows }, (_, index) => ({
      height: FACT_SIZE * 1.45,
      segments: [...(labels[index]?.segments ?? []), ...(values[index]?.segments ?? [])],
    }));
  });
  return [
    { before: 0, lines: [...heading, ...title], keep: heading.length + title.length },
    { before: 8, lines: facts, keep: facts.length },
    { before: 10, lines: [{ height: 4, segments: [], isRule: true }], keep: 1 },
  ];
}

function sectionBlocks(input: FormPdfInput, fonts: Fonts): Block[] {
  const blocks: Block[] = [];
  for (const section of input.sections) {
    if (section.title !== null && section.title.trim() !== '') {
      const title = textLines(section.title, {
        fonts,
        weight: 'bold',
        size: SECTION_SIZE,
        color: ink,
        x: LEFT,
        width: WIDTH,
      });
      blocks.push({ before: 16, lines: title, keep: title.length, keepWithNext: true });
    }
    for (const field of section.fields) {
      const label = textLines(field.label, {
        fonts,
        weight: 'bold',
        size: LABEL_SIZE,
        color: muted,
        x: LEFT,
        width: WIDTH,
      });
      const isAnswered = field.answer.trim() !== '';
      const answer = textLines(isAnswered ? field.answer : NO_ANSWER, {
        fonts,
        weight: 'regular',
        size: ANSWER_SIZE,
        color: isAnswered ? ink : muted,
        x: LEFT,
        width: WIDTH,
      });
      blocks.push({ before: 9, lines: [...label, ...answer], keep: label.length + 1 });
    }
  }
  return blocks;
}

const keptHeight = (block: Block) =>
  block.lines.slice(0, block.keep).reduce((sum, line) => sum + line.height, 0);

/** Which lines go on which page, and where: the baseline of each from the page's top. */
function paginate(blocks: Block[]): Array<Array<{ line: Line; baseline: number }>> {
  const pages: Array<Array<{ line: Line; baseline: number }>> = [[]];
  let y = TOP;
  const limit = A4_PAGE.height - BOTTOM;
  const newPage = () => {
    pages.push([]);
    y = TOP;
  };
  blocks.forEach((block, index) => {
    const next = blocks[index + 1];
    const needed =
      block.before +
      keptHeight(block) +
      (block.keepWithNext && next ? next.before + keptHeight(next) : 0);
    const isPageEmpty = (pages.at(-1)?.length ?? 0) === 0;
    if (!isPageEmpty && y + needed > limit) newPage();
    else if (!isPageEmpty) y += block.before;
    for (const line of block.lines) {
      if (y + line.height > limit && (pages.at(-1)?.length ?? 0) > 0) newPage();
      y += line.height;
      pages.at(-1)?.push({ line, baseline: y - line.height * 0.25 });
    }
  });
  return pages;
}

function fromTop(top: number): number {
  return A4_PAGE.height - top;
}

function drawLine(page: PDFPage, fonts: Fonts, line: Line, baseline: number): void {
  if (line.isRule) {
    page.drawLine({
      start: { x: LEFT, y: fromTop(baseline) },
      end: { x: LEFT + WIDTH, y: fromTop(baseline) },
      thickness: 0.6,
      color: ruleGrey,
    });
    return;
  }
  for (const segment of line.segments) {
    if (segment.text === '') continue;
    page.drawText(segment.text, {
      x: segment.x,
      y: fromTop(baseline),
      size: segment.size,
      font: fonts[segment.weight],
      color: segment.color,
    });
  }
}

function drawFooter(
  page: PDFPage,
  fonts: Fonts,
  input: FormPdfInput,
  number: number,
  count: number,
): void {
  const y = FOOTER_BASELINE;
  const footer = printable(input.footer);
  if (footer !== '') {
    page.drawText(footer, { x: LEFT, y, size: FOOTER_SIZE, font: fonts.regular, color: muted });
  }
  const label = printable(input.pageLabel)
    .replace('{page}', String(number))
    .replace('{pages}', String(count));
  const width = fonts.regular.widthOfTextAtSize(label, FOOTER_SIZE);
  page.drawText(label, {
    x: LEFT + WIDTH - width,
    y,
    size: FOOTER_SIZE,
    font: fonts.regular,
    color: muted,
  });
}

export async function renderFormPdf(input: FormPdfInput): Promise<PrintedLetter> {
  const document = await PDFDocument.create({ updateMetadata: false });
  const fonts = await embedDejaVuFonts(document, contentSeed({ ...input, limits: undefined }));
  const pages = paginate([...headerBlocks(input, fonts), ...sectionBlocks(input, fonts)]);
  if (pages.length > input.limits.maxPages) {
    throw new ProcessingError(
      'too_many_pages',
      `The answers would fill ${pages.length} pages; at most ${input.limits.maxPages} are made.`,
    );
  }
  pages.forEach((lines, index) => {
    const page = document.addPage([A4_PAGE.width, A4_PAGE.height]);
    for (const { line, baseline } of lines) drawLine(page, fonts, line, baseline);
    drawFooter(page, fonts, input, index + 1, pages.length);
  });
  const createdAt = new Date(input.createdAt);
  document.setTitle(printable(input.title) || 'Form');
  document.setLanguage(input.language);
  document.setProducer('Kuvert');
  document.setCreator('Kuvert');
  document.setCreationDate(createdAt);
  document.setModificationDate(createdAt);
  const bytes = await document.save({ addDefaultPage: false });
  return { bytes, pageCount: document.getPageCount() };
}
