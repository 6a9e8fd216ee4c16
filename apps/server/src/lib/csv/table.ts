import Papa from 'papaparse';
import type { CsvDelimiter, CsvEncoding, UploadTable } from '@kuvert/shared/uploads';
import { DEFAULT_DELIMITER, detectDelimiter } from './delimiter.ts';
import { decodeText, type DecodeOptions } from './encoding.ts';

/*
 * Rows of a CSV as spreadsheets write them: `;` from German Excel, `,`, tab or `|`; quoted
 * values may hold the delimiter, quotes and line breaks (CRLF included). papaparse splits the
 * rows; the delimiter, when not given, is Kuvert's own detection (delimiter.ts), never
 * papaparse's guess, which takes `,` for German files with decimal commas.
 */

function asRows(data: unknown[]): string[][] {
  return data.map((row) =>
    Array.isArray(row) ? row.map((value) => (typeof value === 'string' ? value : '')) : [],
  );
}

export interface ParseCsvOptions {
  /** Detected when not given. */
  delimiter?: CsvDelimiter;
  /** At most this many rows are answered; `truncated` says when there were more. */
  maxRows?: number;
  /** False when the text is only the first part of a file: its last row may be cut. */
  isComplete?: boolean;
}

export interface ParsedCsv {
  delimiter: CsvDelimiter;
  rows: string[][];
  /** More rows follow than were answered. */
  truncated: boolean;
}

export function parseCsv(text: string, options: ParseCsvOptions = {}): ParsedCsv {
  const isComplete = options.isComplete !== false;
  const delimiter =
    options.delimiter ?? detectDelimiter(text, { isComplete })?.delimiter ?? DEFAULT_DELIMITER;
  const { maxRows } = options;
  const result = Papa.parse<string[]>(text, {
    delimiter,
    skipEmptyLines: 'greedy',
    // One row more than asked tells whether there are more; a cut file may end in half a row.
    preview: maxRows === undefined ? 0 : maxRows + (isComplete ? 1 : 2),
  });
  const rows = asRows(result.data);
  const whole = isComplete || rows.length === 0 ? rows : rows.slice(0, -1);
  const limit = maxRows ?? whole.length;
  return {
    delimiter,
    rows: whole.slice(0, limit),
    truncated: whole.length > limit || !isComplete,
  };
}

export interface ReadCsvOptions extends ParseCsvOptions, DecodeOptions {
  /** Detected when not given. */
  encoding?: CsvEncoding;
}

/** Bytes of a CSV to rows: encoding and delimiter detected unless given. */
export function readCsv(bytes: Uint8Array, options: ReadCsvOptions = {}): UploadTable {
  const { encoding, text } = decodeText(bytes, options);
  return { encoding, ...parseCsv(text, options) };
}
