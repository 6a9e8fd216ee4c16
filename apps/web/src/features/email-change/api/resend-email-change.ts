import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PendingEmailChange } from '@kuvert/shared/email-change';
import { apiCall } from '../../../lib/api-client.ts';
import { loadEmailChangeEndpoints } from './load-email-change-endpoints.ts';
import { emailChangeQueryOptions } from './get-email-change.ts';

export async function resendEmailChange(): Promise<PendingEmailChange> {
  const { emailChangeEndpoints } = await loadEmailChangeEndpoints();
  return apiCall(emailChangeEndpoints.resend);
}

export function useResendEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendEmailChange,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: emailChangeQueryOptions().queryKey }),
  });
}
