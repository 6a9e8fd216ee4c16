import type { EmailVerificationInfo } from '@kuvert/shared/auth';
import { loadAuthContract } from '../../../lib/contract.ts';
import { apiRequest } from '../../../lib/http.ts';
import { useTokenLookup, type TokenLookup } from './use-token-lookup.ts';

/** Reads what the link is for without using the token up. */
export async function getEmailVerification(
  token: string,
  signal?: AbortSignal,
): Promise<EmailVerificationInfo> {
  const { emailVerificationInfoSchema } = await loadAuthContract();
  return apiRequest(`/api/auth/email-verification?${new URLSearchParams({ token }).toString()}`, {
    schema: emailVerificationInfoSchema,
    ...(signal ? { signal } : {}),
  });
}

/** What the link is for, without using it up. */
export function useEmailVerification(token: string): TokenLookup<EmailVerificationInfo> {
  return useTokenLookup(token, getEmailVerification);
}
