import type { PasswordResetRequest } from '@kuvert/shared/auth';
import { apiCall } from '../../../lib/api-client.ts';
import { loadAuthEndpoints } from '../../../lib/contract.ts';
import { useAction } from '../../../lib/use-action.ts';

/** Always 202: the answer never tells whether the address is known. */
export async function requestPasswordReset(body: PasswordResetRequest): Promise<void> {
  const { authEndpoints } = await loadAuthEndpoints();
  return apiCall(authEndpoints.requestPasswordReset, { body });
}

export function useRequestPasswordReset() {
  return useAction(requestPasswordReset);
}
