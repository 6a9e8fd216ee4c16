import { queryOptions, useQuery } from '@tanstack/react-query';
import { activeSessionListSchema } from '@kuvert/shared/profile';
import type { ActiveSessionList } from '@kuvert/shared/profile';
import { apiRequest } from '../../../lib/http.ts';

export function getSessions(signal?: AbortSignal): Promise<ActiveSessionList> {
  return apiRequest('/api/profile/sessions', {
    schema: activeSessionListSchema,
    ...(signal ? { signal } : {}),
  });
}

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['profile', 'sessions'],
    queryFn: ({ signal }) => getSessions(signal),
  });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
