import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailChangeRequest, PendingEmailChange } from '@kuvert/shared/email-change';
import { apiCall } from '../../../lib/api-client.ts';
import { loadEmailChangeEndpoints } from './load-email-change-endpoints.ts';
import { securityLogKey } from '../../../lib/security-log-key.ts';
import { emailChangeQueryOptions } from './get-email-change.ts';

export async function requestEmailChange(body: EmailChangeRequest): Promise<PendingEmailChange> {
  const { emailChangeEndpoints } = await loadEmailChangeEndpoints();
  return apiCall(emailChangeEndpoints.request, { body });
}

export function useRequestEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestEmailChange,
    // The security log lists the request and the cancellation too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: emailChangeQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: securityLogKey }),
      ]),
  });
}
