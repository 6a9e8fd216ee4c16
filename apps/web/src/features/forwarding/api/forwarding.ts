import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ForwardingSettings, UpdateForwardingRequest } from '@kuvert/shared/forwarding';
import { forwardingEndpoints } from '@kuvert/shared/forwarding/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { securityLogKey } from '../../../lib/security-log-key.ts';

export function getForwarding(signal?: AbortSignal): Promise<ForwardingSettings> {
  return apiCall(forwardingEndpoints.get, { signal });
}

export const forwardingQueryOptions = () =>
  queryOptions({
    queryKey: ['profile', 'forwarding'],
    queryFn: ({ signal }) => getForwarding(signal),
  });

export function useForwarding() {
  return useQuery(forwardingQueryOptions());
}

export function useUpdateForwarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateForwardingRequest): Promise<ForwardingSettings> =>
      apiCall(forwardingEndpoints.update, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(forwardingQueryOptions().queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: securityLogKey });
    },
  });
}
