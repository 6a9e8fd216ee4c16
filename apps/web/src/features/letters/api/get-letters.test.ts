// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { LetterPage, LetterSummary } from '@kuvert/shared/letters';
import {
  buildLetterListQuery,
  flattenLetterPages,
  lettersQueryOptions,
  updateLettersInPages,
} from './get-letters.ts';

function letter(id: string, overrides: Partial<LetterSummary> = {}): LetterSummary {
  return {
    id,
    account_id: 'a1',
    direction: 'inbound',
    kind: 'letter',
    subject: `Letter ${id}`,
    excerpt: '',
    provider: { id: 'p1', name: 'Stadtwerke', has_logo: false, is_verified: true },
    sender_person: null,
    recipients: [],
    created_at: '2026-05-20T10:00:00.000Z',
    is_read: false,
    folder_id: null,
    trashed_at: null,
    document_count: 1,
    delivery_status: 'delivered',
    invoice: null,
    ...overrides,
  };
}

const pages = (...items: LetterSummary[][]) => ({
  pages: items.map((page, index): LetterPage => ({ items: page, next_cursor: `c${index + 1}` })),
  pageParams: [null, ...items.slice(1).map((_, index) => `c${index + 1}`)],
});

describe('letter list queries', () => {
  it('asks for the view, filters and the cursor', () => {
    expect(buildLetterListQuery('a1', { view: 'inbox' }, null)).toBe('account_id=a1&view=inbox');
    expect(buildLetterListQuery('a1', { view: 'inbox', providerId: 'p 1' }, 'abc')).toBe(
      'account_id=a1&view=inbox&provider_id=p+1&cursor=abc',
    );
    expect(buildLetterListQuery('a1', { view: 'folder', folderId: 'f1' }, null)).toBe(
      'account_id=a1&view=folder&folder_id=f1',
    );
  });

  it('continues where the server says and stops at the end', () => {
    const { getNextPageParam } = lettersQueryOptions('a1', { view: 'inbox' });
    const page: LetterPage = { items: [letter('1')], next_cursor: 'next' };
    expect(getNextPageParam(page, [page], null, [null])).toBe('next');
    expect(getNextPageParam({ items: [], next_cursor: null }, [page], 'next', [null])).toBeNull();
  });

  it('keys lists by account and filter, below the letters root', () => {
    expect(lettersQueryOptions('a1', { view: 'trash' }).queryKey).toEqual([
      'letters',
      'list',
      'a1',
      { view: 'trash' },
    ]);
  });

  it('flattens pages in order without duplicates', () => {
    const data = pages([letter('3'), letter('2')], [letter('2'), letter('1')]);
    expect(flattenLetterPages(data).map(({ id }) => id)).toEqual(['3', '2', '1']);
    expect(flattenLetterPages(undefined)).toEqual([]);
  });

  it('updates or removes the given letters on every page', () => {
    const data = pages([letter('3'), letter('2')], [letter('1')]);
    const read = updateLettersInPages(data, new Set(['3', '1']), (item) => ({
      ...item,
      is_read: true,
    }));
    expect(flattenLetterPages(read).map(({ id, is_read }) => [id, is_read])).toEqual([
      ['3', true],
      ['2', false],
      ['1', true],
    ]);
    const removed = updateLettersInPages(data, new Set(['2']), () => null);
    expect(flattenLetterPages(removed).map(({ id }) => id)).toEqual(['3', '1']);
    expect(removed?.pages[0]?.next_cursor).toBe('c1');
  });
});
