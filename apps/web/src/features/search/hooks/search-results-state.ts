import { useMemo } from 'react';
import { z } from 'zod';
import { searchKindSchema, searchSortSchema } from '@kuvert/shared/search';
import type { SearchParams } from '../api/search.ts';

/**
 * The search a letter was opened from travels in the navigation's state, as a mailbox list's
 * does, so the letter's page can step through the results in their order.
 */
const searchResultsStateSchema = z.object({
  searchResults: z.object({
    query: z.string().min(1),
    sort: searchSortSchema,
    kind: searchKindSchema,
  }),
});

/** The state for links into the results; the same object while the search stays. */
export function useSearchResultsState({ query, sort, kind }: SearchParams) {
  return useMemo(() => ({ searchResults: { query, sort, kind } }), [query, sort, kind]);
}

/** The search in a location's state; undefined when the letter was not opened from one. */
export function searchResultsOf(state: unknown): SearchParams | undefined {
  const parsed = searchResultsStateSchema.safeParse(state);
  return parsed.success ? parsed.data.searchResults : undefined;
}
