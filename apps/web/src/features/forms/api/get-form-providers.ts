import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FormProviderList } from '@kuvert/shared/forms';
import { formEndpoints } from '@kuvert/shared/forms/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function getFormProviders(signal?: AbortSignal): Promise<FormProviderList> {
  return apiCall(formEndpoints.providers, { signal });
}

export const formProvidersQueryOptions = () =>
  queryOptions({
    queryKey: [...mailboxKeys.forms, 'providers', 'list'],
    queryFn: ({ signal }) => getFormProviders(signal),
  });

/** Every provider with published forms, and how many. */
export function useFormProviders() {
  return useQuery(formProvidersQueryOptions());
}
