import type {
  CompleteOnboardingVerificationRequest,
  OnboardingInfo,
  StartVerificationResponse,
} from '@kuvert/shared/identity';
import { identityEndpoints } from '@kuvert/shared/identity/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { useAction } from '../../../lib/use-action.ts';
import { rememberOnboarding, rememberReturnTo } from '../verification-return.ts';

export function startOnboardingVerification(token: string): Promise<StartVerificationResponse> {
  return apiCall(identityEndpoints.onboardingStart, { body: { token } });
}

/** Starts the verification of an onboarding link (a public page: no query client). */
export function useStartOnboardingVerification() {
  return useAction(startOnboardingVerification);
}

/** Leaves for the identity provider; the return page then finishes with the link's token. */
export function leaveForOnboardingVerification(token: string, authorizationUrl: string): void {
  rememberReturnTo(null);
  rememberOnboarding(token);
  window.location.assign(authorizationUrl);
}

export function completeOnboardingVerification(
  body: CompleteOnboardingVerificationRequest,
): Promise<OnboardingInfo> {
  return apiCall(identityEndpoints.onboardingComplete, { body });
}

export function useCompleteOnboardingVerification() {
  return useAction(completeOnboardingVerification);
}
