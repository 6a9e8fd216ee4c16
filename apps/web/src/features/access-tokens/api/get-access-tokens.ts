import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccessTokenList } from '@kuvert/shared/access-tokens';
import { accessTokenEndpoints } from '@kuvert/shared/access-tokens/endpoints';
import { apiCall } from '../../../lib/api-client.ts';

export function getAccessTokens(signal?: AbortSignal): Promise<AccessTokenList> {
  return apiCall(accessTokenEndpoints.list, { signal });
}

export const accessTokensQueryOptions = () =>
  queryOptions({
    queryKey: ['profile', 'access-tokens'],
    queryFn: ({ signal }) => getAccessTokens(signal),
  });

export function useAccessTokens() {
  return useQuery(accessTokensQueryOptions());
}
