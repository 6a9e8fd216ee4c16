import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { searchResultSchema } from '@kuvert/shared/search';
import type { SearchResult } from '@kuvert/shared/search';
import { apiRequest } from '../../../lib/http.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function searchLetters(
  accountId: string,
  query: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<SearchResult> {
  const params = new URLSearchParams({ account_id: accountId, q: query });
  if (cursor !== null) params.set('cursor', cursor);
  return apiRequest(`/api/search?${params.toString()}`, {
    schema: searchResultSchema,
    ...(signal ? { signal } : {}),
  });
}

export const searchQueryOptions = (accountId: string, query: string) =>
  infiniteQueryOptions({
    queryKey: [...mailboxKeys.search, accountId, query],
    queryFn: ({ pageParam, signal }) => searchLetters(accountId, query, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage: SearchResult) => lastPage.next_cursor,
  });

export function useSearchLetters(accountId: string | null, query: string) {
  return useInfiniteQuery({
    ...searchQueryOptions(accountId ?? '', query),
    enabled: accountId !== null && query.trim() !== '',
  });
}
