import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { auditEventsQueryOptions } from './get-audit-events.ts';
import { sessionsQueryOptions } from './get-sessions.ts';

export function revokeSession(sessionId: string): Promise<void> {
  return apiRequest(`/api/profile/sessions/${encodeURIComponent(sessionId)}`, { method: 'DELETE' });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: auditEventsQueryOptions().queryKey }),
      ]),
  });
}
