import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountProviderListSchema } from '@kuvert/shared/providers';
import type { AccountProviderList } from '@kuvert/shared/providers';
import { apiRequest } from '../../../lib/http.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function getProviders(
  accountId: string,
  signal?: AbortSignal,
): Promise<AccountProviderList> {
  return apiRequest(`/api/providers?${new URLSearchParams({ account_id: accountId }).toString()}`, {
    schema: accountProviderListSchema,
    ...(signal ? { signal } : {}),
  });
}

export const providersQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: [...mailboxKeys.providers, accountId],
    queryFn: ({ signal }) => getProviders(accountId, signal),
  });

export function useProviders(accountId: string | null) {
  return useQuery({ ...providersQueryOptions(accountId ?? ''), enabled: accountId !== null });
}
