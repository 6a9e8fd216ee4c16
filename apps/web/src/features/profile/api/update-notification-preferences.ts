import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences } from '@kuvert/shared/profile';
import { profileEndpoints } from '@kuvert/shared/profile/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { notificationPreferencesQueryOptions } from './get-notification-preferences.ts';

export function updateNotificationPreferences(
  body: NotificationPreferences,
): Promise<NotificationPreferences> {
  return apiCall(profileEndpoints.updateNotifications, { body });
}

/** A switch flips at once; if the server says no, it flips back. */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  const { queryKey } = notificationPreferencesQueryOptions();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, next);
      return { previous };
    },
    onError: (_error, _next, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSuccess: (saved) => queryClient.setQueryData(queryKey, saved),
  });
}
