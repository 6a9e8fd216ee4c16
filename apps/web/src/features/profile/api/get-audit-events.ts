import { queryOptions, useQuery } from '@tanstack/react-query';
import { auditEventListSchema } from '@kuvert/shared/profile';
import type { AuditEventList } from '@kuvert/shared/profile';
import { apiRequest } from '../../../lib/http.ts';

export function getAuditEvents(signal?: AbortSignal): Promise<AuditEventList> {
  return apiRequest('/api/profile/audit-events', {
    schema: auditEventListSchema,
    ...(signal ? { signal } : {}),
  });
}

export const auditEventsQueryOptions = () =>
  queryOptions({
    queryKey: ['profile', 'audit-events'],
    queryFn: ({ signal }) => getAuditEvents(signal),
  });

export function useAuditEvents() {
  return useQuery(auditEventsQueryOptions());
}
