import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEventList } from '@kuvert/shared/profile';
import { profileEndpoints } from '@kuvert/shared/profile/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { securityLogKey } from '../../../lib/security-log-key.ts';

export function getAuditEvents(signal?: AbortSignal): Promise<AuditEventList> {
  return apiCall(profileEndpoints.auditEvents, { signal });
}

export const auditEventsQueryOptions = () =>
  queryOptions({
    queryKey: securityLogKey,
    queryFn: ({ signal }) => getAuditEvents(signal),
  });

export function useAuditEvents() {
  return useQuery(auditEventsQueryOptions());
}
