import { queryOptions, useQuery } from '@tanstack/react-query';
import { homeSummarySchema } from '@kuvert/shared/home';
import type { HomeSummary } from '@kuvert/shared/home';
import { apiRequest } from '../../../lib/http.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function getHomeSummary(accountId: string, signal?: AbortSignal): Promise<HomeSummary> {
  return apiRequest(`/api/home?${new URLSearchParams({ account_id: accountId }).toString()}`, {
    schema: homeSummarySchema,
    ...(signal ? { signal } : {}),
  });
}

export const homeSummaryQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: [...mailboxKeys.home, accountId],
    queryFn: ({ signal }) => getHomeSummary(accountId, signal),
  });

export function useHomeSummary(accountId: string | null) {
  return useQuery({ ...homeSummaryQueryOptions(accountId ?? ''), enabled: accountId !== null });
}
