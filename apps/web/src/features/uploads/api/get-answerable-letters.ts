import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { letterSummarySchema } from '@kuvert/shared/letters';
import type { LetterSummary } from '@kuvert/shared/letters';
import { searchTextSchema } from '@kuvert/shared/search';
import { letterEndpoints } from '@kuvert/shared/letters/endpoints';
import { searchEndpoints } from '@kuvert/shared/search/endpoints';
import { withAnswer } from '@kuvert/shared/api';
import { apiCall } from '../../../lib/api-client.ts';
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
  if (query === '') {
    const params = new URLSearchParams({
      account_id: accountId,
      view: 'inbox',
      limit: String(LETTERS_SHOWN),
    });
    const page = await apiCall(letterEndpoints.list, { query: params, signal });
    return page.items.filter(isAnswerable);
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
