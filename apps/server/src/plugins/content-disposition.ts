/**
 * A Content-Disposition value per RFC 6266: a quoted ASCII `filename` for old clients and an
 * RFC 8187 `filename*` with the exact UTF-8 name for everyone else.
 */
export function contentDisposition(type: 'inline' | 'attachment', filename: string): string {
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

/**
 * One `bytes=` range of a Range header, clamped to the file; 'unsatisfiable' for a range past
 * the end; undefined when there is no usable header (several ranges too: the whole file is a
 * valid answer to those).
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ParsedRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return 'unsatisfiable';
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return undefined;
  return { start, end };
}
