import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationPreferencesSchema } from '@kuvert/shared/profile';
import type { NotificationPreferences } from '@kuvert/shared/profile';
import { apiRequest } from '../../../lib/http.ts';

export function getNotificationPreferences(signal?: AbortSignal): Promise<NotificationPreferences> {
  return apiRequest('/api/profile/notifications', {
    schema: notificationPreferencesSchema,
    ...(signal ? { signal } : {}),
  });
}

export const notificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: ['profile', 'notifications'],
    queryFn: ({ signal }) => getNotificationPreferences(signal),
  });

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQueryOptions());
}
