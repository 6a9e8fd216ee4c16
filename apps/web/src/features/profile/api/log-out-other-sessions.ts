import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileEndpoints } from '@kuvert/shared/profile/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { auditEventsQueryOptions } from './get-audit-events.ts';
import { sessionsQueryOptions } from './get-sessions.ts';

export function logOutOtherSessions(): Promise<void> {
  return apiCall(profileEndpoints.logOutOtherSessions);
}

export function useLogOutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logOutOtherSessions,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: auditEventsQueryOptions().queryKey }),
      ]),
  });
}
