import type { FinishOnboardingRequest, OnboardingInfo } from '@kuvert/shared/identity';
import { apiCall } from '../../../lib/api-client.ts';
import { useAction } from '../../../lib/use-action.ts';
import { useTokenLookup, type TokenLookup } from './use-token-lookup.ts';

/* The public onboarding page: its endpoints load with it, not with the login page. */
const loadIdentityEndpoints = () => import('@kuvert/shared/identity/endpoints');

export async function getOnboardingInfo(
  token: string,
  signal?: AbortSignal,
): Promise<OnboardingInfo> {
  const { identityEndpoints } = await loadIdentityEndpoints();
  return apiCall(identityEndpoints.onboardingInfo, { query: { token }, signal });
}

/** Where the onboarding link stands, read once per token without using it up. */
export function useOnboardingInfo(token: string): TokenLookup<OnboardingInfo> {
  return useTokenLookup(token, getOnboardingInfo);
}

export async function finishOnboarding(body: FinishOnboardingRequest): Promise<void> {
  const { identityEndpoints } = await loadIdentityEndpoints();
  await apiCall(identityEndpoints.onboardingFinish, { body });
}

export function useFinishOnboarding() {
  return useAction(finishOnboarding);
}
