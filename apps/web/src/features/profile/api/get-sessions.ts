import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActiveSessionList } from '@kuvert/shared/profile';
import { profileEndpoints } from '@kuvert/shared/profile/endpoints';
import { apiCall } from '../../../lib/api-client.ts';

export function getSessions(signal?: AbortSignal): Promise<ActiveSessionList> {
  return apiCall(profileEndpoints.sessions, { signal });
}

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['profile', 'sessions'],
    queryFn: ({ signal }) => getSessions(signal),
  });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
