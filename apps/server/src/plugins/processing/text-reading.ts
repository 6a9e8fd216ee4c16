import type { UploadTable } from '@kuvert/shared/uploads';
import { decodeText, detectDelimiter, readCsv } from '../../lib/csv/index.ts';
import type { DecodedTextFile, TaskMap } from './tasks.ts';

/**
 * Runs in a processing child: text files and CSVs, whose decoding and parsing (papaparse)
 * would block the web process's event loop for a large file.
 */

/** The first characters that show a CSV's delimiter; papaparse looks at ten rows. */
const DELIMITER_SAMPLE_CHARS = 64 * 1024;

export function decodeTextFile(input: TaskMap['text.decode']['input']): DecodedTextFile {
  const { encoding, text } = decodeText(input.bytes, { maxChars: input.maxChars });
  const delimiter = input.detectDelimiter
    ? detectDelimiter(text.slice(0, DELIMITER_SAMPLE_CHARS))
    : null;
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
