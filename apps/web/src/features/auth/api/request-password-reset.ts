import type { PasswordResetRequest } from '@kuvert/shared/auth';
import { apiRequest } from '../../../lib/http.ts';
import { useAction } from '../../../lib/use-action.ts';

/** Always 202: the answer never tells whether the address is known. */
export function requestPasswordReset(body: PasswordResetRequest): Promise<void> {
  return apiRequest('/api/auth/password-reset', { method: 'POST', body });
}

export function useRequestPasswordReset() {
  return useAction(requestPasswordReset);
}
