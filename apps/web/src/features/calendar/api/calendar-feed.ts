import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed, CreatedCalendarFeed } from '@kuvert/shared/calendar';
import { calendarEndpoints } from '@kuvert/shared/calendar/endpoints';
import { apiCall, apiUrl } from '../../../lib/api-client.ts';
import { securityLogKey } from '../../../lib/security-log-key.ts';

export function getCalendarFeed(signal?: AbortSignal): Promise<CalendarFeed> {
  return apiCall(calendarEndpoints.get, { signal });
}

export const calendarFeedQueryOptions = () =>
  queryOptions({
    queryKey: ['profile', 'calendar-feed'],
    queryFn: ({ signal }) => getCalendarFeed(signal),
  });

export function useCalendarFeed() {
  return useQuery(calendarFeedQueryOptions());
}

/** Makes the feed address (or a new one that ends the old); its answer is the only sight of it. */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<CreatedCalendarFeed> => apiCall(calendarEndpoints.create),
    onSuccess: (created) => {
      queryClient.setQueryData(calendarFeedQueryOptions().queryKey, {
        active: true,
        created_at: created.created_at,
      });
      return queryClient.invalidateQueries({ queryKey: securityLogKey });
    },
  });
}

export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<void> => apiCall(calendarEndpoints.revoke),
    onSuccess: () => {
      queryClient.setQueryData(calendarFeedQueryOptions().queryKey, {
        active: false,
        created_at: null,
      });
      return queryClient.invalidateQueries({ queryKey: securityLogKey });
    },
  });
}

/** The .ics file of one letter's due date, for a plain download link. */
export function letterCalendarUrl(letterId: string): string {
  return apiUrl(calendarEndpoints.letterEvent, { params: { id: letterId } });
}
