import Papa from 'papaparse';
import {
  csvDelimiters,
  type CsvDelimiter,
  type CsvEncoding,
  type UploadTable,
} from '@kuvert/shared/uploads';
import { decodeText, type DecodeOptions } from './encoding.ts';

/*
 * Rows of a CSV as spreadsheets write them: `;` from German Excel, `,`, tab or `|`; quoted
 * values may hold the delimiter, quotes and line breaks (CRLF included). papaparse guesses the
 * delimiter; on small German files it guesses `,` unless empty lines are skipped greedily and
 * `;` is tried first (libraries.md).
 */

const delimitersToGuess: CsvDelimiter[] = [';', ',', '\t', '|'];

function isDelimiter(value: string): value is CsvDelimiter {
  return csvDelimiters.some((delimiter) => delimiter === value);
}

function asRows(data: unknown[]): string[][] {
  return data.map((row) =>
    Array.isArray(row) ? row.map((value) => (typeof value === 'string' ? value : '')) : [],
  );
}

/** The delimiter papaparse finds in the first rows; `,` when nothing tells. */
export function detectDelimiter(text: string): CsvDelimiter {
  const result = Papa.parse<string[]>(text, {
    delimitersToGuess,
    skipEmptyLines: 'greedy',
    preview: 10,
  });
  return isDelimiter(result.meta.delimiter) ? result.meta.delimiter : ',';
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
  const delimiter = options.delimiter ?? detectDelimiter(text);
  const { maxRows } = options;
  const isComplete = options.isComplete !== false;
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
