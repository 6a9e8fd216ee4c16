import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailChangeRequest, PendingEmailChange } from '@kuvert/shared/email-change';
import { emailChangeEndpoints } from '@kuvert/shared/email-change/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { securityLogKey } from '../../../lib/security-log-key.ts';
import { emailChangeQueryOptions } from './get-email-change.ts';

export function requestEmailChange(body: EmailChangeRequest): Promise<PendingEmailChange> {
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
