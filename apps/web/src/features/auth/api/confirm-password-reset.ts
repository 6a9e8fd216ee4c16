import type { PasswordResetConfirm } from '@kuvert/shared/auth';
import { apiCall } from '../../../lib/api-client.ts';
import { loadAuthEndpoints } from '../../../lib/contract.ts';
import { useAction } from '../../../lib/use-action.ts';

export async function confirmPasswordReset(body: PasswordResetConfirm): Promise<void> {
  const { authEndpoints } = await loadAuthEndpoints();
  return apiCall(authEndpoints.confirmPasswordReset, { body });
}

export function useConfirmPasswordReset() {
  return useAction(confirmPasswordReset);
}
