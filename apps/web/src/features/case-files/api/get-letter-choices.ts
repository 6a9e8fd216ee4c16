import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { letterSummarySchema } from '@kuvert/shared/letters';
import type { LetterSummary } from '@kuvert/shared/letters';
import { searchTextSchema } from '@kuvert/shared/search';
import { letterEndpoints } from '@kuvert/shared/letters/endpoints';
import { searchEndpoints } from '@kuvert/shared/search/endpoints';
import { withAnswer } from '@kuvert/shared/api';
import { apiCall } from '../../../lib/api-client.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

/** How many letters the picker lists at once: the newest, or the best matches. */
const LETTERS_SHOWN = 30;

// Only the letter of each hit is needed; asked with `kind=letters`, every hit has one.
const letterHitsSchema = z.object({ hits: z.array(z.object({ letter: letterSummarySchema })) });

async function getNewestLetters(
  accountId: string,
  view: 'inbox' | 'outbox',
  signal?: AbortSignal,
): Promise<LetterSummary[]> {
  const params = new URLSearchParams({
    account_id: accountId,
    view,
    limit: String(LETTERS_SHOWN),
  });
  const page = await apiCall(letterEndpoints.list, { query: params, signal });
  return page.items;
}

/**
 * Letters an item could link: without a query the newest received and sent ones together;
 * with one, the best matches of the search (subject, sender, text) in any folder. Letters in
 * the trash are left out.
 */
export async function getLetterChoices(
  accountId: string,
  query: string,
  signal?: AbortSignal,
): Promise<LetterSummary[]> {
  if (query === '') {
    const [received, sent] = await Promise.all([
      getNewestLetters(accountId, 'inbox', signal),
      getNewestLetters(accountId, 'outbox', signal),
    ]);
    return [...received, ...sent]
      .filter((letter) => letter.trashed_at === null)
      .toSorted((a, b) => b.created_at.localeCompare(a.created_at))
      .slice(0, LETTERS_SHOWN);
  }
  const params = new URLSearchParams({
    account_id: accountId,
    q: query,
    kind: 'letters',
    limit: String(LETTERS_SHOWN),
  });
  const result = await apiCall(withAnswer(searchEndpoints.search, letterHitsSchema), {
    query: params,
    signal,
  });
  return result.hits.map(({ letter }) => letter).filter((letter) => letter.trashed_at === null);
}

export const letterChoicesQueryOptions = (accountId: string, query: string) =>
  queryOptions({
    // Under the search area: refreshed whenever letters change.
    queryKey: [...mailboxKeys.search, 'case-file-letters', accountId, query],
    queryFn: ({ signal }) => getLetterChoices(accountId, query, signal),
  });

/** Whether the server would take the query (a query past the limit is not sent). */
export function isLetterChoiceQuery(query: string): boolean {
  return query === '' || searchTextSchema.safeParse(query).success;
}

export function useLetterChoices(accountId: string, query: string, enabled: boolean) {
  return useQuery({
    ...letterChoicesQueryOptions(accountId, query),
    enabled: enabled && isLetterChoiceQuery(query),
    placeholderData: keepPreviousData,
  });
}
