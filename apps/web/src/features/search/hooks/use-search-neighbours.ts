import { useEffect, useMemo } from 'react';
import type { LetterSummary } from '@kuvert/shared/letters';
import { useSearch } from '../api/search.ts';
import type { SearchParams } from '../api/search.ts';

export interface SearchNeighbours {
  previous: LetterSummary | null;
  next: LetterSummary | null;
}

const NO_SEARCH: SearchParams = { query: '', sort: 'relevance', kind: 'all' };

/**
 * The letters before and after this one among a search's letters (uploads are skipped), from
 * the results already loaded; at the last one the next page loads. Undefined while that is
 * unknown; null when the letter is not among the results (any more).
 */
export function useSearchNeighbours(
  accountId: string | null,
  params: SearchParams | undefined,
  letterId: string,
): SearchNeighbours | null | undefined {
  const search = useSearch(params === undefined ? null : accountId, params ?? NO_SEARCH);
  const { hits, hasNextPage, isFetchingNextPage, fetchNextPage } = search;
  const letters = useMemo(
    () => hits.flatMap((hit) => (hit.type === 'letter' ? [hit.letter] : [])),
    [hits],
  );
  const index = letters.findIndex((letter) => letter.id === letterId);
  const isLastLoaded = index !== -1 && index === letters.length - 1;
  useEffect(() => {
    if (isLastLoaded && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [isLastLoaded, hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (params === undefined || search.isError) return null;
  if (search.data === undefined || (isLastLoaded && hasNextPage)) return undefined;
  if (index === -1) return null;
  return { previous: letters[index - 1] ?? null, next: letters[index + 1] ?? null };
}
