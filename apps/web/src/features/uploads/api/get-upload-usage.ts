import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UploadUsage } from '@kuvert/shared/uploads';
import { uploadEndpoints } from '@kuvert/shared/uploads/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function getUploadUsage(accountId: string, signal?: AbortSignal): Promise<UploadUsage> {
  return apiCall(uploadEndpoints.usage, { query: { account_id: accountId }, signal });
}

export const uploadUsageQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: [...mailboxKeys.uploads, 'usage', accountId],
    queryFn: ({ signal }) => getUploadUsage(accountId, signal),
  });

export function useUploadUsage(accountId: string | null) {
  return useQuery({ ...uploadUsageQueryOptions(accountId ?? ''), enabled: accountId !== null });
}
