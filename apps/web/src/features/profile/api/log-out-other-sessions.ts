import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { auditEventsQueryOptions } from './get-audit-events.ts';
import { sessionsQueryOptions } from './get-sessions.ts';

export function logOutOtherSessions(): Promise<void> {
  return apiRequest('/api/profile/sessions/log-out-others', { method: 'POST' });
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
