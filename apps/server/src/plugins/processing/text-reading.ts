import type { UploadTable } from '@kuvert/shared/uploads';
import {
  DEFAULT_DELIMITER,
  decodeText,
  detectDelimiter,
  detectEncoding,
  readCsv,
} from '../../lib/csv/index.ts';
import type { CsvReading, DecodedTextFile, TaskMap } from './tasks.ts';

/**
 * Runs in a processing child: text files and CSVs, whose decoding and parsing (papaparse)
 * would block the web process's event loop for a large file.
 */

export function decodeTextFile(input: TaskMap['text.decode']['input']): DecodedTextFile {
  const { encoding, text } = decodeText(input.bytes, {
    encoding: input.encoding,
    maxChars: input.maxChars,
  });
  if (!input.detectDelimiter) return { encoding, delimiter: null, text };
  // A text cut at `maxChars` may end in half a row.
  const isComplete = text.length < input.maxChars;
  const delimiter = detectDelimiter(text, { isComplete })?.delimiter ?? DEFAULT_DELIMITER;
  return { encoding, delimiter, text };
}

export function previewCsv(input: TaskMap['csv.preview']['input']): UploadTable {
  return readCsv(input.bytes, {
    encoding: input.encoding,
    delimiter: input.delimiter,
    maxRows: input.maxRows,
    isComplete: input.isComplete,
  });
}

/** Characters of the start of a file the delimiter is detected from (detection reads less). */
const DETECTION_CHARS = 64 * 1024;

/**
 * A whole CSV for a mail merge: the encoding and delimiter Kuvert detects (shown to the
 * person, who may change them) and the rows read as they chose.
 */
export function readWholeCsv(input: TaskMap['csv.read']['input']): CsvReading {
  const detectedEncoding = detectEncoding(input.bytes);
  const sample = decodeText(input.bytes, {
    encoding: detectedEncoding,
    maxChars: DETECTION_CHARS,
  }).text;
  const detectedDelimiter =
    detectDelimiter(sample, { isComplete: sample.length < DETECTION_CHARS })?.delimiter ??
    DEFAULT_DELIMITER;
  const table = readCsv(input.bytes, {
    encoding: input.encoding ?? detectedEncoding,
    delimiter: input.delimiter ?? detectedDelimiter,
    maxRows: input.maxRows,
  });
  return { ...table, detectedEncoding, detectedDelimiter };
}
