import { queryOptions, useQuery } from '@tanstack/react-query';
import { letterDraftListSchema } from '@kuvert/shared/outbox';
import type { LetterDraftList } from '@kuvert/shared/outbox';
import { apiRequest } from '../../../lib/http.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function getDrafts(accountId: string, signal?: AbortSignal): Promise<LetterDraftList> {
  return apiRequest(
    `/api/letter-drafts?${new URLSearchParams({ account_id: accountId }).toString()}`,
    { schema: letterDraftListSchema, ...(signal ? { signal } : {}) },
  );
}

export const draftsQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: [...mailboxKeys.drafts, 'list', accountId],
    queryFn: ({ signal }) => getDrafts(accountId, signal),
  });

/** The account's drafts, newest first; refreshed live (`letter_drafts.changed`). */
export function useDrafts(accountId: string | null) {
  return useQuery({ ...draftsQueryOptions(accountId ?? ''), enabled: accountId !== null });
}
