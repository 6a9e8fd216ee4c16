import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { loadEmailChangeEndpoints } from './load-email-change-endpoints.ts';
import { securityLogKey } from '../../../lib/security-log-key.ts';
import { emailChangeQueryOptions } from './get-email-change.ts';

export async function cancelEmailChange(): Promise<void> {
  const { emailChangeEndpoints } = await loadEmailChangeEndpoints();
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
