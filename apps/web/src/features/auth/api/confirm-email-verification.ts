import type { EmailVerificationConfirm } from '@kuvert/shared/auth';
import { apiCall } from '../../../lib/api-client.ts';
import { loadAuthEndpoints } from '../../../lib/contract.ts';
import { useAction } from '../../../lib/use-action.ts';

export async function confirmEmailVerification(body: EmailVerificationConfirm): Promise<void> {
  const { authEndpoints } = await loadAuthEndpoints();
  return apiCall(authEndpoints.confirmEmailVerification, { body });
}

export function useConfirmEmailVerification() {
  return useAction(confirmEmailVerification);
}
