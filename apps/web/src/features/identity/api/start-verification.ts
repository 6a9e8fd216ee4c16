import { useMutation } from '@tanstack/react-query';
import type { StartVerificationResponse } from '@kuvert/shared/identity';
import { identityEndpoints } from '@kuvert/shared/identity/endpoints';
import { apiCall } from '../../../lib/api-client.ts';

export function startVerification(): Promise<StartVerificationResponse> {
  return apiCall(identityEndpoints.start);
}

/** Starts a verification and leaves for the identity provider (a full-page navigation). */
export function useStartVerification() {
  return useMutation({
    mutationFn: startVerification,
    onSuccess: ({ authorization_url }) => window.location.assign(authorization_url),
  });
}
