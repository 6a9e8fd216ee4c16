import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PendingEmailChange } from '@kuvert/shared/email-change';
import { emailChangeEndpoints } from '@kuvert/shared/email-change/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { emailChangeQueryOptions } from './get-email-change.ts';

export function resendEmailChange(): Promise<PendingEmailChange> {
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
