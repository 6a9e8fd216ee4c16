import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmailChangeStatus } from '@kuvert/shared/email-change';
import { emailChangeEndpoints } from '@kuvert/shared/email-change/endpoints';
import { apiCall } from '../../../lib/api-client.ts';

export function getEmailChange(signal?: AbortSignal): Promise<EmailChangeStatus> {
  return apiCall(emailChangeEndpoints.get, { signal });
}

export const emailChangeQueryOptions = () =>
  queryOptions({
    queryKey: ['profile', 'email-change'],
    queryFn: ({ signal }) => getEmailChange(signal),
  });

export function useEmailChange() {
  return useQuery(emailChangeQueryOptions());
}
