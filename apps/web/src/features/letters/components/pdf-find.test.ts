// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { findMatches, itemRangesOf, joinPageText } from './pdf-find.ts';

const page = (...lines: string[][]) =>
  joinPageText(
    lines.flatMap((items) =>
      items.map((str, index) => ({ str, hasEOL: index === items.length - 1 })),
    ),
  );

describe('finding text in a PDF', () => {
  it('finds every occurrence on every page, whatever the case, in reading order', () => {
    const pages = [page(['Invoice 42']), page(['Pay the INVOICE by'], ['1 July: invoice'])];
    expect(findMatches(pages, 'invoice').map((match) => match.page)).toEqual([1, 2, 2]);
  });

  it('finds a phrase that wraps onto the next line, and ignores extra spaces in the query', () => {
    const pages = [page(['IBAN DE89 3704'], ['0044 0532 0130 00'])];
    const [match] = findMatches(pages, '  3704   0044 ');
    expect(match).toBeDefined();
    expect(pages[0]?.text.slice(match?.start, match?.end)).toBe('3704\n0044');
  });

  it('treats the query as text, not as a pattern', () => {
    expect(findMatches([page(['Total (net): 1.00'])], '(net)')).toHaveLength(1);
    expect(findMatches([page(['Total 1x00'])], '1.00')).toHaveLength(0);
    expect(findMatches([page(['anything'])], '   ')).toEqual([]);
  });

  it('splits a match across the text items it covers', () => {
    const text = page(['Reference ', 'AB-12', '34'], ['next line']);
    const [match] = findMatches([text], 'AB-1234');
    expect(match && itemRangesOf(text, match)).toEqual([
      { item: 1, start: 0, end: 5 },
      { item: 2, start: 0, end: 2 },
    ]);
  });
});
