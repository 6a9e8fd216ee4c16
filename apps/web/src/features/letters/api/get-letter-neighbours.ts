import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LetterNeighbours } from '@kuvert/shared/letters';
import { letterEndpoints } from '@kuvert/shared/letters/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';
import type { LetterFilter } from './get-letters.ts';

/** The list's filter as the neighbours endpoint takes it; none: the letter's own list. */
export function buildNeighboursQuery(list: LetterFilter | undefined): string {
  if (list === undefined) return '';
  const params = new URLSearchParams({ view: list.view });
  if (list.folderId !== undefined) params.set('folder_id', list.folderId);
  if (list.providerId !== undefined) params.set('provider_id', list.providerId);
  return params.toString();
}

export function getLetterNeighbours(
  letterId: string,
  list: LetterFilter | undefined,
  signal?: AbortSignal,
): Promise<LetterNeighbours> {
  return apiCall(letterEndpoints.neighbours, {
    params: { id: letterId },
    query: buildNeighboursQuery(list),
    signal,
  });
}

/** Below the letters' key: moving, trashing or reading letters refreshes the neighbours too. */
export const letterNeighboursQueryOptions = (letterId: string, list: LetterFilter | undefined) =>
  queryOptions({
    queryKey: [...mailboxKeys.letters, 'neighbours', letterId, list ?? null],
    queryFn: ({ signal }) => getLetterNeighbours(letterId, list, signal),
  });

export function useLetterNeighbours(letterId: string, list: LetterFilter | undefined) {
  return useQuery(letterNeighboursQueryOptions(letterId, list));
}
