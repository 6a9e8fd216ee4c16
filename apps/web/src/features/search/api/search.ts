import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { searchTextSchema } from '@kuvert/shared/search';
import type { SearchHit, SearchKind, SearchResult, SearchSort } from '@kuvert/shared/search';
import { searchEndpoints } from '@kuvert/shared/search/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';
import { FIRST_PAGE_CURSOR } from '../../../lib/pagination.ts';

export interface SearchParams {
  query: string;
  sort: SearchSort;
  kind: SearchKind;
}

/** The query string of one page; `kind` and `sort` left out where they are the default. */
export function buildSearchQuery(
  accountId: string,
  { query, sort, kind }: SearchParams,
  cursor: string | null,
  limit?: number,
): string {
  const params = new URLSearchParams({ account_id: accountId, q: query, sort });
  if (kind !== 'all') params.set('kind', kind);
  if (cursor !== null) params.set('cursor', cursor);
  if (limit !== undefined) params.set('limit', String(limit));
  return params.toString();
}

export function search(
  accountId: string,
  params: SearchParams,
  cursor: string | null,
  signal?: AbortSignal,
  limit?: number,
): Promise<SearchResult> {
  return apiCall(searchEndpoints.search, {
    query: buildSearchQuery(accountId, params, cursor, limit),
    signal,
  });
}

export const searchQueryOptions = (accountId: string, params: SearchParams) =>
  infiniteQueryOptions({
    queryKey: [...mailboxKeys.search, accountId, params.query, params.sort, params.kind],
    queryFn: ({ pageParam, signal }) => search(accountId, params, pageParam, signal),
    initialPageParam: FIRST_PAGE_CURSOR,
    getNextPageParam: (lastPage: SearchResult) => lastPage.next_cursor,
  });

/** Whether the server would take the query; a query past the limit is explained, not sent. */
export function isSearchableQuery(query: string): boolean {
  return searchTextSchema.safeParse(query).success;
}

/** What a hit is, across letters and uploads: one key per letter or upload. */
export function searchHitKey(hit: SearchHit): string {
  return hit.type === 'letter' ? `letter:${hit.letter.id}` : `upload:${hit.upload.id}`;
}

/** The hits of all pages in order, each once (a hit may shift between pages as data changes). */
export function uniqueHits(pages: readonly SearchResult[]): SearchHit[] {
  const seen = new Set<string>();
  const unique: SearchHit[] = [];
  for (const hit of pages.flatMap((page) => page.hits)) {
    const key = searchHitKey(hit);
    if (seen.has(key)) continue;
    seen.add(key);
    unique.push(hit);
  }
  return unique;
}

/** The hits of a search over letters and uploads, page by page. */
export function useSearch(accountId: string | null, params: SearchParams) {
  const result = useInfiniteQuery({
    ...searchQueryOptions(accountId ?? '', params),
    enabled: accountId !== null && isSearchableQuery(params.query),
  });
  const hits = useMemo(() => uniqueHits(result.data?.pages ?? []), [result.data]);
  return { ...result, hits };
}
