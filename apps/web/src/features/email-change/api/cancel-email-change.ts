import { useMutation, useQueryClient } from '@tanstack/react-query';
import { emailChangeEndpoints } from '@kuvert/shared/email-change/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { securityLogKey } from '../../../lib/security-log-key.ts';
import { emailChangeQueryOptions } from './get-email-change.ts';

export function cancelEmailChange(): Promise<void> {
  return apiCall(emailChangeEndpoints.cancel);
}

export function useCancelEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelEmailChange,
    // The security log lists the request and the cancellation too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: emailChangeQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: securityLogKey }),
      ]),
  });
}
