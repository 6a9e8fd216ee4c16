/**
 * Reading text files and CSVs as real spreadsheets and editors write them: the encoding, the
 * delimiter, the rows. Pure functions over bytes; used by the processing pool (uploads) and by
 * the mail merge.
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
  detectDelimiter,
  parseCsv,
  readCsv,
  type ParseCsvOptions,
  type ParsedCsv,
  type ReadCsvOptions,
} from './table.ts';
