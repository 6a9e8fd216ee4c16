import type { PasswordResetConfirm } from '@kuvert/shared/auth';
import { apiRequest } from '../../../lib/http.ts';
import { useAction } from '../../../lib/use-action.ts';

export function confirmPasswordReset(body: PasswordResetConfirm): Promise<void> {
  return apiRequest('/api/auth/password-reset/confirm', { method: 'POST', body });
}

export function useConfirmPasswordReset() {
  return useAction(confirmPasswordReset);
}
