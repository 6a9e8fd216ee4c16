import type { EmailChangeConfirmed } from '@kuvert/shared/email-change';
import { apiCall } from '../../../lib/api-client.ts';
import { useAction } from '../../../lib/use-action.ts';
import { loadEmailChangeEndpoints } from './load-email-change-endpoints.ts';

export async function confirmEmailChange(token: string): Promise<EmailChangeConfirmed> {
  const { emailChangeEndpoints } = await loadEmailChangeEndpoints();
  return apiCall(emailChangeEndpoints.confirm, { body: { token } });
}

export function useConfirmEmailChange() {
  return useAction(confirmEmailChange);
}
