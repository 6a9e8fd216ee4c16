import type { PasswordResetInfo } from '@kuvert/shared/auth';
import { loadAuthContract } from '../../../lib/contract.ts';
import { apiRequest } from '../../../lib/http.ts';
import { useTokenLookup, type TokenLookup } from './use-token-lookup.ts';

/** Whether the reset link can still be used; asking does not use it up. */
export async function getPasswordReset(
  token: string,
  signal?: AbortSignal,
): Promise<PasswordResetInfo> {
  const { passwordResetInfoSchema } = await loadAuthContract();
  return apiRequest(`/api/auth/password-reset?${new URLSearchParams({ token }).toString()}`, {
    schema: passwordResetInfoSchema,
    ...(signal ? { signal } : {}),
  });
}

/** Whether the reset link can still be used, without using it up. */
export function usePasswordReset(token: string): TokenLookup<PasswordResetInfo> {
  return useTokenLookup(token, getPasswordReset);
}
