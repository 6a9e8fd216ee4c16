import { useMutation } from '@tanstack/react-query';
import type { StartVerificationResponse } from '@kuvert/shared/identity';
import { identityEndpoints } from '@kuvert/shared/identity/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { rememberOnboarding, rememberReturnTo } from '../verification-return.ts';

export function startVerification(): Promise<StartVerificationResponse> {
  return apiCall(identityEndpoints.start);
}

/**
 * Starts a verification and leaves for the identity provider (a full-page navigation).
 * `returnTo`: the page the result offers to go back to (the profile's own flow has none).
 */
export function useStartVerification(returnTo: string | null = null) {
  return useMutation({
    mutationFn: startVerification,
    onSuccess: ({ authorization_url }) => {
      rememberReturnTo(returnTo);
      rememberOnboarding(null);
      window.location.assign(authorization_url);
    },
  });
}
