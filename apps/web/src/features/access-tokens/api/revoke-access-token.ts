import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accessTokenEndpoints } from '@kuvert/shared/access-tokens/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { securityLogKey } from '../../../lib/security-log-key.ts';
import { accessTokensQueryOptions } from './get-access-tokens.ts';

export function revokeAccessToken(tokenId: string): Promise<void> {
  return apiCall(accessTokenEndpoints.revoke, { params: { id: tokenId } });
}

export function useRevokeAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAccessToken,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accessTokensQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: securityLogKey }),
      ]),
  });
}
