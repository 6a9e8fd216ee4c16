import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { searchResultSchema, searchTextSchema } from '@kuvert/shared/search';
import type { SearchHit, SearchResult, SearchSort } from '@kuvert/shared/search';
import { apiRequest } from '../../../lib/http.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function searchLetters(
  accountId: string,
  query: string,
  sort: SearchSort,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<SearchResult> {
  const params = new URLSearchParams({ account_id: accountId, q: query, sort });
  if (cursor !== null) params.set('cursor', cursor);
  return apiRequest(`/api/search?${params.toString()}`, {
    schema: searchResultSchema,
    ...(signal ? { signal } : {}),
  });
}

export const searchQueryOptions = (accountId: string, query: string, sort: SearchSort) =>
  infiniteQueryOptions({
    queryKey: [...mailboxKeys.search, accountId, query, sort],
    queryFn: ({ pageParam, signal }) => searchLetters(accountId, query, sort, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage: SearchResult) => lastPage.next_cursor,
  });

/** Whether the server would take the query; a query past the limit is explained, not sent. */
export function isSearchableQuery(query: string): boolean {
  return searchTextSchema.safeParse(query).success;
}

/** The hits of a search, page by page, without duplicates (a letter may shift between pages). */
export function useSearchLetters(accountId: string | null, query: string, sort: SearchSort) {
  const search = useInfiniteQuery({
    ...searchQueryOptions(accountId ?? '', query, sort),
    enabled: accountId !== null && isSearchableQuery(query),
  });
  const hits = useMemo(() => {
    const seen = new Set<string>();
    const unique: SearchHit[] = [];
    for (const hit of search.data?.pages.flatMap((page) => page.hits) ?? []) {
      if (seen.has(hit.letter.id)) continue;
      seen.add(hit.letter.id);
      unique.push(hit);
    }
    return unique;
  }, [search.data]);
  return { ...search, hits };
}
