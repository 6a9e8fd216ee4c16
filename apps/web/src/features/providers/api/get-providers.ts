import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountProviderList } from '@kuvert/shared/providers';
import { providerEndpoints } from '@kuvert/shared/providers/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function getProviders(
  accountId: string,
  signal?: AbortSignal,
): Promise<AccountProviderList> {
  return apiCall(providerEndpoints.list, { query: { account_id: accountId }, signal });
}

export const providersQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: [...mailboxKeys.providers, accountId],
    queryFn: ({ signal }) => getProviders(accountId, signal),
  });

export function useProviders(accountId: string | null) {
  return useQuery({ ...providersQueryOptions(accountId ?? ''), enabled: accountId !== null });
}
