import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileSchema } from '@kuvert/shared/profile';
import type { Profile } from '@kuvert/shared/profile';
import { apiRequest } from '../../../lib/http.ts';

export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return apiRequest('/api/profile', { schema: profileSchema, ...(signal ? { signal } : {}) });
}

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: ['profile'],
    queryFn: ({ signal }) => getProfile(signal),
  });

export function useProfile() {
  return useQuery(profileQueryOptions());
}
