import type { CompleteVerificationRequest, IdentityStatus } from '@kuvert/shared/identity';
import { identityEndpoints } from '@kuvert/shared/identity/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { useAction } from '../../../lib/use-action.ts';

export function completeVerification(body: CompleteVerificationRequest): Promise<IdentityStatus> {
  return apiCall(identityEndpoints.complete, { body });
}

/** The return page is one of the pages before the portal: no query client there. */
export function useCompleteVerification() {
  return useAction(completeVerification);
}
