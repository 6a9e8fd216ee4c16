import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileEndpoints } from '@kuvert/shared/profile/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { auditEventsQueryOptions } from './get-audit-events.ts';
import { sessionsQueryOptions } from './get-sessions.ts';

export function revokeSession(sessionId: string): Promise<void> {
  return apiCall(profileEndpoints.revokeSession, { params: { id: sessionId } });
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
