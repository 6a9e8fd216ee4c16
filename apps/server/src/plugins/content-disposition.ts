import { stripBidiControls } from '@kuvert/shared/text';

/**
 * A Content-Disposition value per RFC 6266: a quoted ASCII `filename` for old clients and an
 * RFC 8187 `filename*` with the UTF-8 name for everyone else. Bidirectional controls are
 * left out (names stored before they were refused on the way in), so a browser saves
 * `Rechnung\u202Efdp.exe` under the name the user sees, not as “Rechnungexe.pdf”.
 */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const filename = stripBidiControls(name);
  const fallback = filename
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export interface ParsedRange {
  start: number;
  end: number;
}

/** One range-spec of a `bytes=` Range header: `first-last`, `first-` or the suffix `-last`. */
export interface ByteRangeSpec {
  /** Undefined for a suffix range (the last `last` bytes). */
  first: number | undefined;
  last: number | undefined;
}

/** More range-specs than this and the header is ignored (RFC 9110 lets a server do so). */
const MAX_RANGE_SPECS = 100;
const INT_RANGE = /^(\d+)-(\d*)$/;
const SUFFIX_RANGE = /^-(\d+)$/;

/**
 * The range-specs of a `bytes=` Range header (RFC 9110 §14.1.1); undefined when it is not a
 * well-formed bytes range set: another unit, no ranges, something that is not a number, or
 * a last position before its first (`bytes=5-1`). Such a header is to be ignored.
 */
export function parseByteRangeSet(header: string | undefined): ByteRangeSpec[] | undefined {
  if (!header) return undefined;
  const match = /^bytes=(.*)$/i.exec(header.trim());
  if (!match) return undefined;
  // A list may hold empty elements (RFC 9110 §5.6.1): `bytes=0-1,,5-` is two ranges.
  const elements = (match[1] ?? '')
    .split(',')
    .map((element) => element.trim())
    .filter((element) => element !== '');
  if (elements.length === 0) return undefined;
  const specs: ByteRangeSpec[] = [];
  for (const element of elements) {
    const suffix = SUFFIX_RANGE.exec(element);
    if (suffix) {
      specs.push({ first: undefined, last: Number(suffix[1]) });
      continue;
    }
    const range = INT_RANGE.exec(element);
    if (!range) return undefined;
    const first = Number(range[1]);
    const last = range[2] ? Number(range[2]) : undefined;
    if (last !== undefined && last < first) return undefined;
    specs.push({ first, last });
  }
  return specs;
}

/** Whether a Range header is a well-formed bytes range set; any other is ignored (200). */
export function isValidRangeHeader(header: string | undefined): boolean {
  return parseByteRangeSet(header) !== undefined;
}

/**
 * The range of a file of `size` bytes to send for a Range header, per RFC 9110:
 * - undefined (send it all, 200) when there is no header, an invalid one (`bytes=5-1`,
 *   another unit) or one with too many ranges, and when several ranges remain apart: the
 *   whole file is a valid answer to those;
 * - 'unsatisfiable' (416) when no range overlaps the file (`bytes=999999-`, `bytes=-0`);
 * - else the one range, clamped to the file, with overlapping or adjacent ranges joined.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ParsedRange | 'unsatisfiable' | undefined {
  const specs = parseByteRangeSet(header);
  if (!specs || specs.length > MAX_RANGE_SPECS) return undefined;
  const ranges: ParsedRange[] = [];
  for (const { first, last } of specs) {
    if (first === undefined) {
      if (last === undefined || last === 0 || size === 0) continue;
      ranges.push({ start: Math.max(0, size - last), end: size - 1 });
    } else if (first < size) {
      ranges.push({ start: first, end: Math.min(last ?? size - 1, size - 1) });
    }
  }
  if (ranges.length === 0) return 'unsatisfiable';
  ranges.sort((a, b) => a.start - b.start);
  const [joined, ...rest] = ranges;
  if (!joined) return 'unsatisfiable';
  for (const range of rest) {
    if (range.start > joined.end + 1) return undefined;
    joined.end = Math.max(joined.end, range.end);
  }
  return joined;
}
