import { queryOptions, useQuery } from '@tanstack/react-query';
import { uploadUsageSchema } from '@kuvert/shared/uploads';
import type { UploadUsage } from '@kuvert/shared/uploads';
import { apiRequest } from '../../../lib/http.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function getUploadUsage(accountId: string, signal?: AbortSignal): Promise<UploadUsage> {
  const query = new URLSearchParams({ account_id: accountId }).toString();
  return apiRequest(`/api/uploads/usage?${query}`, {
    schema: uploadUsageSchema,
    ...(signal ? { signal } : {}),
  });
}

export const uploadUsageQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: [...mailboxKeys.uploads, 'usage', accountId],
    queryFn: ({ signal }) => getUploadUsage(accountId, signal),
  });

export function useUploadUsage(accountId: string | null) {
  return useQuery({ ...uploadUsageQueryOptions(accountId ?? ''), enabled: accountId !== null });
}
