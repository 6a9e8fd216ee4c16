import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LetterDraft } from '@kuvert/shared/outbox';
import { outboxEndpoints } from '@kuvert/shared/outbox/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function getDraft(draftId: string, signal?: AbortSignal): Promise<LetterDraft> {
  return apiCall(outboxEndpoints.draft, { params: { id: draftId }, signal });
}

export const draftQueryOptions = (draftId: string) =>
  queryOptions({
    queryKey: [...mailboxKeys.drafts, 'detail', draftId],
    queryFn: ({ signal }) => getDraft(draftId, signal),
    // Loaded once to resume writing: a refetch must never overwrite what is being typed.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useDraft(draftId: string | null) {
  return useQuery({ ...draftQueryOptions(draftId ?? ''), enabled: draftId !== null });
}
