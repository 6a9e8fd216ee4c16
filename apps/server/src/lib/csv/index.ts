/**
 * Reading text files and CSVs as real spreadsheets and editors write them: the encoding, the
 * delimiter, the rows. Pure functions over text and bytes; used by the arrival check of an
 * upload, the processing pool (reading and previewing uploads) and the mail merge.
 */
export {
  decodeBytes,
  decodeText,
  detectEncoding,
  encodingByBom,
  isValidUtf8,
  type DecodedText,
  type DecodeOptions,
  type DecodeTextOptions,
} from './encoding.ts';
export { sniffTextType, type TextContentType } from './sniff.ts';
export {
  DEFAULT_DELIMITER,
  detectDelimiter,
  type DetectDelimiterOptions,
  type DetectedDelimiter,
} from './delimiter.ts';
export {
  parseCsv,
  readCsv,
  type ParseCsvOptions,
  type ParsedCsv,
  type ReadCsvOptions,
} from './table.ts';
