import type { CsvDelimiter } from '@kuvert/shared/uploads';

/*
 * The one delimiter detection of Kuvert: the arrival of an upload (is it a table, split on
 * what?), the reading job, the table preview and the mail merge all ask it. Each candidate
 * splits the first rows as a CSV parser with that delimiter would: a quote opens a value only
 * at its start, `""` is a quote inside one, and a quoted value may hold the delimiter and
 * line breaks (CRLF included). The delimiter that splits the rows alike into the most columns
 * wins. Counting columns, not characters, is what keeps `;` for German files whose amounts
 * carry decimal commas ("12,50 €"), where papaparse's guess would take `,`.
 */

/** Rows looked at: the header and enough body rows to see whether they agree. */
const SAMPLE_ROWS = 20;
/** Characters looked at, so a huge file (or an unclosed quote) costs no more than this. */
const SAMPLE_CHARS = 64 * 1024;
/** Share of the rows that must split into as many fields as most do (a ragged file). */
const CONSISTENT_SHARE = 0.8;
/** Tried in this order; on a tie the earlier wins, since `,` is also prose and numbers. */
const CANDIDATES: readonly CsvDelimiter[] = [';', '\t', ',', '|'];

/** What a CSV is read with when nothing in its first rows tells. */
export const DEFAULT_DELIMITER: CsvDelimiter = ',';

export interface DetectDelimiterOptions {
  /** False when `text` is only the start of a file: its last row may be cut, and is ignored. */
  isComplete?: boolean;
}

export interface DetectedDelimiter {
  delimiter: CsvDelimiter;
  /** Fields in a row, split on `delimiter` (as most rows have them). */
  columns: number;
  /** Two or more rows split on `delimiter` alike: the text reads as a table, not as prose. */
  isTable: boolean;
}

function isLineBreak(character: string | undefined): boolean {
  return character === '\n' || character === '\r';
}

/**
 * Fields in each of the first rows when split on `delimiter`. Blank lines are no rows; the
 * last row is left out when it may be cut (a partial text, or a quote still open at its end).
 */
function countFields(text: string, delimiter: CsvDelimiter, isComplete: boolean): number[] {
  const counts: number[] = [];
  let fields = 1;
  let hasContent = false;
  let isFieldStart = true;
  let index = 0;
  while (index < text.length && counts.length < SAMPLE_ROWS) {
    const character = text[index];
    if (isFieldStart && character === '"') {
      const closing = closingQuote(text, index + 1);
      // The quote is still open where the text ends: the row may go on past it.
      if (closing === undefined) return isComplete ? [...counts, fields] : counts;
      index = closing + 1;
      hasContent = true;
      isFieldStart = false;
    } else if (character === delimiter) {
      fields += 1;
      hasContent = true;
      isFieldStart = true;
      index += 1;
    } else if (isLineBreak(character)) {
      if (hasContent) counts.push(fields);
      fields = 1;
      hasContent = false;
      isFieldStart = true;
      index += character === '\r' && text[index + 1] === '\n' ? 2 : 1;
    } else {
      if (character?.trim() !== '') hasContent = true;
      isFieldStart = false;
      index += 1;
    }
  }
  if (hasContent && isComplete && index >= text.length) counts.push(fields);
  return counts;
}

/** The index of the quote that closes a quoted value opened before `from`; `""` is a quote. */
function closingQuote(text: string, from: number): number | undefined {
  let index = text.indexOf('"', from);
  while (index !== -1) {
    if (text[index + 1] !== '"') return index;
    index = text.indexOf('"', index + 2);
  }
  return undefined;
}

/** The count most rows have (the larger on a tie), and the share of rows that have it. */
function mostCommon(counts: number[]): { columns: number; share: number } {
  const tally = new Map<number, number>();
  for (const count of counts) tally.set(count, (tally.get(count) ?? 0) + 1);
  let best = { columns: 0, rows: 0 };
  for (const [columns, rows] of tally) {
    if (rows > best.rows || (rows === best.rows && columns > best.columns)) {
      best = { columns, rows };
    }
  }
  return { columns: best.columns, share: counts.length === 0 ? 0 : best.rows / counts.length };
}

interface Candidate extends DetectedDelimiter {
  /** Every row splits into the same number of fields. */
  isUniform: boolean;
}

function isBetter(candidate: Candidate, best: Candidate | undefined): boolean {
  if (!best) return true;
  if (candidate.isUniform !== best.isUniform) return candidate.isUniform;
  return candidate.columns > best.columns;
}

/**
 * The delimiter the first rows of `text` split on alike (all of them, else most) into the most
 * columns, two or more; undefined when none splits them so. A header-only file gets the
 * delimiter that splits its one row most, but is no table (`isTable` false).
 */
export function detectDelimiter(
  text: string,
  options: DetectDelimiterOptions = {},
): DetectedDelimiter | undefined {
  const isSampleWhole = options.isComplete !== false && text.length <= SAMPLE_CHARS;
  const sample = text.slice(0, SAMPLE_CHARS);
  let best: Candidate | undefined;
  for (const delimiter of CANDIDATES) {
    const counts = countFields(sample, delimiter, isSampleWhole);
    const { columns, share } = mostCommon(counts);
    if (columns < 2 || share < CONSISTENT_SHARE) continue;
    const candidate = { delimiter, columns, isTable: counts.length >= 2, isUniform: share === 1 };
    if (isBetter(candidate, best)) best = candidate;
  }
  return best && { delimiter: best.delimiter, columns: best.columns, isTable: best.isTable };
}
