import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateAccessTokenRequest, CreatedAccessToken } from '@kuvert/shared/access-tokens';
import { accessTokenEndpoints } from '@kuvert/shared/access-tokens/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { securityLogKey } from '../../../lib/security-log-key.ts';
import { accessTokensQueryOptions } from './get-access-tokens.ts';

export function createAccessToken(body: CreateAccessTokenRequest): Promise<CreatedAccessToken> {
  return apiCall(accessTokenEndpoints.create, { body });
}

export function useCreateAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccessToken,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accessTokensQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: securityLogKey }),
      ]),
  });
}
