import type { PasswordResetInfo } from '@kuvert/shared/auth';
import { apiCall } from '../../../lib/api-client.ts';
import { loadAuthEndpoints } from '../../../lib/contract.ts';
import { useTokenLookup, type TokenLookup } from './use-token-lookup.ts';

/** Whether the reset link can still be used; asking does not use it up. */
export async function getPasswordReset(
  token: string,
  signal?: AbortSignal,
): Promise<PasswordResetInfo> {
  const { authEndpoints } = await loadAuthEndpoints();
  return apiCall(authEndpoints.getPasswordReset, { query: { token }, signal });
}

/** Whether the reset link can still be used, without using it up. */
export function usePasswordReset(token: string): TokenLookup<PasswordResetInfo> {
  return useTokenLookup(token, getPasswordReset);
}
