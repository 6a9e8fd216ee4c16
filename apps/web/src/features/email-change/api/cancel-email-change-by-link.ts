import { apiCall } from '../../../lib/api-client.ts';
import { useAction } from '../../../lib/use-action.ts';
import { loadEmailChangeEndpoints } from './load-email-change-endpoints.ts';

export async function cancelEmailChangeByLink(token: string): Promise<void> {
  const { emailChangeEndpoints } = await loadEmailChangeEndpoints();
  return apiCall(emailChangeEndpoints.cancelByLink, { body: { token } });
}

export function useCancelEmailChangeByLink() {
  return useAction(cancelEmailChangeByLink);
}
