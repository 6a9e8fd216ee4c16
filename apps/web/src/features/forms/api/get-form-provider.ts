import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FormProviderPage } from '@kuvert/shared/forms';
import { formEndpoints } from '@kuvert/shared/forms/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function getFormProvider(
  providerId: string,
  signal?: AbortSignal,
): Promise<FormProviderPage> {
  return apiCall(formEndpoints.provider, { params: { providerId }, signal });
}

export const formProviderQueryOptions = (providerId: string) =>
  queryOptions({
    queryKey: [...mailboxKeys.forms, 'providers', 'page', providerId],
    queryFn: ({ signal }) => getFormProvider(providerId, signal),
  });

/** A provider's page: what it is, how many letters came from it, its published forms. */
export function useFormProvider(providerId: string) {
  return useQuery(formProviderQueryOptions(providerId));
}
