import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './http.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will answer the same again; only retry what may be passing trouble.
        retry: (failureCount, error) =>
          failureCount < 2 && !(error instanceof ApiError && error.status < 500),
        refetchOnWindowFocus: false,
        // Offline, a read waits (paused, showing what is cached) and runs again when the
        // browser is back online: TanStack Query's onlineManager follows its online events.
        networkMode: 'online',
      },
      // An action is the user's, now: offline it fails at once with a message instead of
      // waiting, paused with a spinning button, for a connection that may never come.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

export const queryClient = createQueryClient();
