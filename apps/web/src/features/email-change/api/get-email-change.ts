import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmailChangeStatus } from '@kuvert/shared/email-change';
import { apiCall } from '../../../lib/api-client.ts';
import { loadEmailChangeEndpoints } from './load-email-change-endpoints.ts';

export async function getEmailChange(signal?: AbortSignal): Promise<EmailChangeStatus> {
  const { emailChangeEndpoints } = await loadEmailChangeEndpoints();
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
