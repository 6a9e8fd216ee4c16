// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { SearchResult } from '@kuvert/shared/search';
import { letterHit, uploadHit } from '../search-test-hits.ts';
import { buildSearchQuery, searchQueryOptions, uniqueHits } from './search.ts';

const keyOf = (kind: 'all' | 'letters' | 'uploads') =>
  searchQueryOptions('a1', { query: 'lease', sort: 'relevance', kind }).queryKey;

describe('search queries', () => {
  it('asks for the words, the order, the kind unless it is all, and the cursor', () => {
    const params = { query: 'lease OR rent', sort: 'relevance', kind: 'all' } as const;
    expect(buildSearchQuery('a1', params, null)).toBe(
      'account_id=a1&q=lease+OR+rent&sort=relevance',
    );
    expect(buildSearchQuery('a1', { ...params, kind: 'uploads', sort: 'newest' }, 'c1')).toBe(
      'account_id=a1&q=lease+OR+rent&sort=newest&kind=uploads&cursor=c1',
    );
  });

  it('keeps each kind of search apart in the cache, below the search area', () => {
    expect(keyOf('all')).toEqual(['search', 'a1', 'lease', 'relevance', 'all']);
    expect(keyOf('uploads')).not.toEqual(keyOf('letters'));
  });

  it('shows each letter and upload once, in the order of the pages', () => {
    const pages: SearchResult[] = [
      { hits: [uploadHit('x'), letterHit('x'), letterHit('1')], next_cursor: 'c1' },
      // The data changed between pages: a hit already shown comes again.
      { hits: [letterHit('1'), uploadHit('2'), uploadHit('x')], next_cursor: null },
    ];
    expect(
      uniqueHits(pages).map((hit) => (hit.type === 'letter' ? hit.letter.id : hit.upload.id)),
    ).toEqual(['x', 'x', '1', '2']);
    expect(uniqueHits(pages).map((hit) => hit.type)).toEqual([
      'upload',
      'letter',
      'letter',
      'upload',
    ]);
  });
});
