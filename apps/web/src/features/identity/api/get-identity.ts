import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IdentityStatus } from '@kuvert/shared/identity';
import { identityEndpoints } from '@kuvert/shared/identity/endpoints';
import { apiCall } from '../../../lib/api-client.ts';

export function getIdentity(signal?: AbortSignal): Promise<IdentityStatus> {
  return apiCall(identityEndpoints.get, { signal });
}

export const identityQueryOptions = () =>
  queryOptions({
    queryKey: ['profile', 'identity'],
    queryFn: ({ signal }) => getIdentity(signal),
  });

export function useIdentity() {
  return useQuery(identityQueryOptions());
}
