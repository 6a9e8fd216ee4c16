import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LetterDraftList } from '@kuvert/shared/outbox';
import { outboxEndpoints } from '@kuvert/shared/outbox/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function getDrafts(accountId: string, signal?: AbortSignal): Promise<LetterDraftList> {
  return apiCall(outboxEndpoints.drafts, { query: { account_id: accountId }, signal });
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
