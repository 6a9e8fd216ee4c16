import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LetterDetail } from '@kuvert/shared/letters';
import { letterEndpoints } from '@kuvert/shared/letters/endpoints';
import { apiCall, apiUrl } from '../../../lib/api-client.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function getLetter(letterId: string, signal?: AbortSignal): Promise<LetterDetail> {
  return apiCall(letterEndpoints.get, { params: { id: letterId }, signal });
}

export const letterQueryOptions = (letterId: string) =>
  queryOptions({
    queryKey: [...mailboxKeys.letters, 'detail', letterId],
    queryFn: ({ signal }) => getLetter(letterId, signal),
  });

/**
 * A letter on its way by post moves on outside the server (the operator's `print-batches`
 * commands run in a process of their own; on SQLite their live events do not reach this
 * page): while one is queued or printed, the page asks again now and then.
 */
const POSTAL_PROGRESS_REFRESH_MS = 5000;

function isOnItsWayByPost(letter: LetterDetail | undefined): boolean {
  return (
    letter?.recipients.some(
      (recipient) =>
        recipient.channel === 'postal' &&
        (recipient.status === 'queued' || recipient.status === 'printed'),
    ) ?? false
  );
}

export function useLetter(letterId: string) {
  return useQuery({
    ...letterQueryOptions(letterId),
    refetchInterval: (query) =>
      isOnItsWayByPost(query.state.data) ? POSTAL_PROGRESS_REFRESH_MS : false,
  });
}

/** Where a document's bytes are: shown inline (viewer) or downloaded as a file. */
export function documentContentUrl(
  letterId: string,
  documentId: string,
  disposition: 'inline' | 'attachment',
): string {
  return apiUrl(letterEndpoints.documentContent, {
    params: { id: letterId, documentId },
    query: { disposition },
  });
}
