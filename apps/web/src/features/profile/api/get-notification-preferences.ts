import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationPreferences } from '@kuvert/shared/profile';
import { profileEndpoints } from '@kuvert/shared/profile/endpoints';
import { apiCall } from '../../../lib/api-client.ts';

export function getNotificationPreferences(signal?: AbortSignal): Promise<NotificationPreferences> {
  return apiCall(profileEndpoints.notifications, { signal });
}

export const notificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: ['profile', 'notifications'],
    queryFn: ({ signal }) => getNotificationPreferences(signal),
  });

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQueryOptions());
}
