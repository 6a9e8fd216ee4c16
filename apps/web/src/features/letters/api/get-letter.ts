import { queryOptions, useQuery } from '@tanstack/react-query';
import { letterDetailSchema } from '@kuvert/shared/letters';
import type { LetterDetail } from '@kuvert/shared/letters';
import { env } from '../../../config/env.ts';
import { apiRequest } from '../../../lib/http.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function getLetter(letterId: string, signal?: AbortSignal): Promise<LetterDetail> {
  return apiRequest(`/api/letters/${encodeURIComponent(letterId)}`, {
    schema: letterDetailSchema,
    ...(signal ? { signal } : {}),
  });
}

export const letterQueryOptions = (letterId: string) =>
  queryOptions({
    queryKey: [...mailboxKeys.letters, 'detail', letterId],
    queryFn: ({ signal }) => getLetter(letterId, signal),
  });

export function useLetter(letterId: string) {
  return useQuery(letterQueryOptions(letterId));
}

/** Where a document's bytes are: shown inline (viewer) or downloaded as a file. */
export function documentContentUrl(
  letterId: string,
  documentId: string,
  disposition: 'inline' | 'attachment',
): string {
  const path = `/api/letters/${encodeURIComponent(letterId)}/documents/${encodeURIComponent(documentId)}/content`;
  return `${env.apiBaseUrl}${path}?disposition=${disposition}`;
}
