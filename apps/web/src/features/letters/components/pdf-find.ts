/** A page's text as pdf.js gives it: one string per text item, and whether a line ends after it. */
export interface PageTextItem {
  str: string;
  hasEOL: boolean;
}

/** A page's text joined for searching, with where each item starts in it. */
export interface PageText {
  text: string;
  /** `starts[i]` is where item i begins in `text`, `lengths[i]` how long it is. */
  starts: readonly number[];
  lengths: readonly number[];
}

/** One occurrence of the query: on which page (1-based) and where in that page's text. */
export interface FindMatch {
  page: number;
  start: number;
  end: number;
}

/** A part of one text item to highlight: characters `start` to `end` of item `item`. */
export interface ItemRange {
  item: number;
  start: number;
  end: number;
}

/**
 * Items joined as they read, a line end as a line break: the text version shows the lines, and
 * a phrase that wraps onto the next line is still found (spaces in a query match line breaks).
 */
export function joinPageText(items: readonly PageTextItem[]): PageText {
  const starts: number[] = [];
  const lengths: number[] = [];
  let text = '';
  for (const item of items) {
    starts.push(text.length);
    lengths.push(item.str.length);
    text += item.str;
    if (item.hasEOL) text += '\n';
  }
  return { text, starts, lengths };
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');

/**
 * Every occurrence of `query` in the pages, in reading order; case does not matter and any run
 * of spaces in the query matches any run of spaces in the text.
 */
export function findMatches(pages: readonly PageText[], query: string): FindMatch[] {
  const words = query.trim().split(/\s+/u).filter(Boolean);
  if (words.length === 0) return [];
  const pattern = new RegExp(words.map(escapeRegExp).join('\\s+'), 'giu');
  const matches: FindMatch[] = [];
  pages.forEach((page, index) => {
    for (const found of page.text.matchAll(pattern)) {
      matches.push({ page: index + 1, start: found.index, end: found.index + found[0].length });
    }
  });
  return matches;
}

/** The parts of text items that a match covers (a match may span several items). */
export function itemRangesOf(page: PageText, match: FindMatch): ItemRange[] {
  const ranges: ItemRange[] = [];
  page.starts.forEach((itemStart, item) => {
    const itemEnd = itemStart + (page.lengths[item] ?? 0);
    const start = Math.max(match.start, itemStart);
    const end = Math.min(match.end, itemEnd);
    if (start < end) ranges.push({ item, start: start - itemStart, end: end - itemStart });
  });
  return ranges;
}
