import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UploadsInProgress } from '@kuvert/shared/uploads';
import { uploadEndpoints } from '@kuvert/shared/uploads/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

/** Looked at again now and then: another member's uploads start without a live event. */
const REFRESH_MS = 30_000;

export function getUploadsInProgress(
  accountId: string,
  signal?: AbortSignal,
): Promise<UploadsInProgress> {
  return apiCall(uploadEndpoints.inProgress, { query: { account_id: accountId }, signal });
}

export const uploadsInProgressQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: [...mailboxKeys.uploads, 'in-progress', accountId],
    queryFn: ({ signal }) => getUploadsInProgress(accountId, signal),
    refetchInterval: REFRESH_MS,
  });

/** An owner's list has every upload in progress of the mailbox, a member's their own. */
export function useUploadsInProgress(accountId: string | null, isEnabled: boolean) {
  return useQuery({
    ...uploadsInProgressQueryOptions(accountId ?? ''),
    enabled: accountId !== null && isEnabled,
  });
}
