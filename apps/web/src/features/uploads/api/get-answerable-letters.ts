import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { letterPageSchema, letterSummarySchema } from '@kuvert/shared/letters';
import type { LetterSummary } from '@kuvert/shared/letters';
import { searchTextSchema } from '@kuvert/shared/search';
import { apiRequest } from '../../../lib/http.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

const LETTERS_SHOWN = 20;

// Only the letter of each hit is needed; asked with `kind=letters`, every hit has one.
const letterHitsSchema = z.object({ hits: z.array(z.object({ letter: letterSummarySchema })) });

/** A reply goes to a provider's letter that is not in the trash. */
function isAnswerable(letter: LetterSummary): boolean {
  return letter.direction === 'inbound' && letter.trashed_at === null;
}

/**
 * Letters an upload could be sent in answer to: the newest of the inbox, or, for a query,
 * the best matches of the search (subject, provider, text), in any folder.
 */
export async function getAnswerableLetters(
  accountId: string,
  query: string,
  signal?: AbortSignal,
): Promise<LetterSummary[]> {
  const options = signal ? { signal } : {};
  if (query === '') {
    const params = new URLSearchParams({
      account_id: accountId,
      view: 'inbox',
      limit: String(LETTERS_SHOWN),
    });
    const page = await apiRequest(`/api/letters?${params.toString()}`, {
      schema: letterPageSchema,
      ...options,
    });
    return page.items.filter(isAnswerable);
  }
  const params = new URLSearchParams({
    account_id: accountId,
    q: query,
    kind: 'letters',
    limit: String(LETTERS_SHOWN),
  });
  const result = await apiRequest(`/api/search?${params.toString()}`, {
    schema: letterHitsSchema,
    ...options,
  });
  return result.hits.map(({ letter }) => letter).filter(isAnswerable);
}

export const answerableLettersQueryOptions = (accountId: string, query: string) =>
  queryOptions({
    // Under the search area: refreshed whenever letters change.
    queryKey: [...mailboxKeys.search, 'answerable', accountId, query],
    queryFn: ({ signal }) => getAnswerableLetters(accountId, query, signal),
  });

/** Whether the server would take the query (a query past the limit is not sent). */
export function isAnswerableQuery(query: string): boolean {
  return query === '' || searchTextSchema.safeParse(query).success;
}

export function useAnswerableLetters(accountId: string, query: string, enabled: boolean) {
  return useQuery({
    ...answerableLettersQueryOptions(accountId, query),
    enabled: enabled && isAnswerableQuery(query),
  });
}
