import type { EmailVerificationConfirm } from '@kuvert/shared/auth';
import { apiRequest } from '../../../lib/http.ts';
import { useAction } from '../../../lib/use-action.ts';

export function confirmEmailVerification(body: EmailVerificationConfirm): Promise<void> {
  return apiRequest('/api/auth/email-verification', { method: 'POST', body });
}

export function useConfirmEmailVerification() {
  return useAction(confirmEmailVerification);
}
