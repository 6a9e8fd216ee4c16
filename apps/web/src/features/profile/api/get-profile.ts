import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@kuvert/shared/profile';
import { profileEndpoints } from '@kuvert/shared/profile/endpoints';
import { apiCall } from '../../../lib/api-client.ts';

export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return apiCall(profileEndpoints.get, { signal });
}

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: ['profile'],
    queryFn: ({ signal }) => getProfile(signal),
  });

export function useProfile() {
  return useQuery(profileQueryOptions());
}
