import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import type { LetterPage, LetterSummary, LetterView } from '@kuvert/shared/letters';
import { letterEndpoints } from '@kuvert/shared/letters/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';
import { FIRST_PAGE_CURSOR } from '../../../lib/pagination.ts';

/** Which letters a list shows. */
export interface LetterFilter {
  view: LetterView;
  folderId?: string;
  providerId?: string;
}

export function buildLetterListQuery(
  accountId: string,
  filter: LetterFilter,
  cursor: string | null,
): string {
  const params = new URLSearchParams({ account_id: accountId, view: filter.view });
  if (filter.folderId !== undefined) params.set('folder_id', filter.folderId);
  if (filter.providerId !== undefined) params.set('provider_id', filter.providerId);
  if (cursor !== null) params.set('cursor', cursor);
  return params.toString();
}

export function getLetters(
  accountId: string,
  filter: LetterFilter,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<LetterPage> {
  return apiCall(letterEndpoints.list, {
    query: buildLetterListQuery(accountId, filter, cursor),
    signal,
  });
}

export const letterListsKey = [...mailboxKeys.letters, 'list'] as const;

export const lettersQueryOptions = (accountId: string, filter: LetterFilter) =>
  infiniteQueryOptions({
    queryKey: [...letterListsKey, accountId, filter],
    queryFn: ({ pageParam, signal }) => getLetters(accountId, filter, pageParam, signal),
    initialPageParam: FIRST_PAGE_CURSOR,
    // Keyset pagination: the server says where the next page starts; null means the end.
    getNextPageParam: (lastPage: LetterPage) => lastPage.next_cursor,
  });

/** All loaded letters in order, without duplicates (a letter may shift between pages). */
export function flattenLetterPages(data: InfiniteData<LetterPage> | undefined): LetterSummary[] {
  if (!data) return [];
  const seen = new Set<string>();
  const letters: LetterSummary[] = [];
  for (const page of data.pages) {
    for (const letter of page.items) {
      if (seen.has(letter.id)) continue;
      seen.add(letter.id);
      letters.push(letter);
    }
  }
  return letters;
}

/** Applies `update` to every loaded copy of the given letters (for optimistic changes). */
export function updateLettersInPages(
  data: InfiniteData<LetterPage> | undefined,
  letterIds: ReadonlySet<string>,
  update: (letter: LetterSummary) => LetterSummary | null,
): InfiniteData<LetterPage> | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.flatMap((letter) => {
        if (!letterIds.has(letter.id)) return [letter];
        const next = update(letter);
        return next === null ? [] : [next];
      }),
    })),
  };
}

export function useLetters(accountId: string | null, filter: LetterFilter) {
  return useInfiniteQuery({
    ...lettersQueryOptions(accountId ?? '', filter),
    enabled: accountId !== null,
  });
}
