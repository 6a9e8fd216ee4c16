import { queryOptions, useQuery } from '@tanstack/react-query';
import { formProviderListSchema } from '@kuvert/shared/forms';
import type { FormProviderList } from '@kuvert/shared/forms';
import { apiRequest } from '../../../lib/http.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function getFormProviders(signal?: AbortSignal): Promise<FormProviderList> {
  return apiRequest('/api/forms/providers', {
    schema: formProviderListSchema,
    ...(signal ? { signal } : {}),
  });
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
