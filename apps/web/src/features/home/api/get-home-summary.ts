import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HomeSummary } from '@kuvert/shared/home';
import { homeEndpoints } from '@kuvert/shared/home/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function getHomeSummary(accountId: string, signal?: AbortSignal): Promise<HomeSummary> {
  return apiCall(homeEndpoints.summary, { query: { account_id: accountId }, signal });
}

export const homeSummaryQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: [...mailboxKeys.home, accountId],
    queryFn: ({ signal }) => getHomeSummary(accountId, signal),
  });

export function useHomeSummary(accountId: string | null) {
  return useQuery({ ...homeSummaryQueryOptions(accountId ?? ''), enabled: accountId !== null });
}
