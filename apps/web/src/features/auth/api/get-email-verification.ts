import type { EmailVerificationInfo } from '@kuvert/shared/auth';
import { apiCall } from '../../../lib/api-client.ts';
import { loadAuthEndpoints } from '../../../lib/contract.ts';
import { useTokenLookup, type TokenLookup } from './use-token-lookup.ts';

/** Reads what the link is for without using the token up. */
export async function getEmailVerification(
  token: string,
  signal?: AbortSignal,
): Promise<EmailVerificationInfo> {
  const { authEndpoints } = await loadAuthEndpoints();
  return apiCall(authEndpoints.getEmailVerification, { query: { token }, signal });
}

/** What the link is for, without using it up. */
export function useEmailVerification(token: string): TokenLookup<EmailVerificationInfo> {
  return useTokenLookup(token, getEmailVerification);
}
