import { endpoint } from '../api/index.ts';
import {
  completeOnboardingVerificationRequestSchema,
  finishOnboardingRequestSchema,
  onboardingInfoSchema,
  onboardingTokenQuerySchema,
  onboardingTokenRequestSchema,
  completeVerificationRequestSchema,
  identityStatusSchema,
  startVerificationResponseSchema,
} from './index.ts';

export const identityEndpoints = {
  /** The caller's verified identity, or null. */
  get: endpoint({ method: 'GET', path: '/api/profile/identity', answer: identityStatusSchema }),
  /** Starts a verification; answers the identity provider's URL to send the browser to. */
  start: endpoint({
    method: 'POST',
    path: '/api/identity/verifications',
    answer: startVerificationResponseSchema,
  }),
  /** Completes it with what the provider answered on the return leg. */
  complete: endpoint({
    method: 'POST',
    path: '/api/identity/verifications/complete',
    body: completeVerificationRequestSchema,
    answer: identityStatusSchema,
  }),
  /** Where an onboarding link stands, without using it up (public). */
  onboardingInfo: endpoint({
    method: 'GET',
    path: '/api/onboarding/info',
    query: onboardingTokenQuerySchema,
    answer: onboardingInfoSchema,
  }),
  /** Starts the onboarding's verification (public, bound to the link's token). */
  onboardingStart: endpoint({
    method: 'POST',
    path: '/api/onboarding/verifications',
    body: onboardingTokenRequestSchema,
    answer: startVerificationResponseSchema,
  }),
  /** Completes it with what the provider answered on the return leg. */
  onboardingComplete: endpoint({
    method: 'POST',
    path: '/api/onboarding/verifications/complete',
    body: completeOnboardingVerificationRequestSchema,
    answer: onboardingInfoSchema,
  }),
  /** Sets the password once the identity is verified; uses the link up and logs in. */
  onboardingFinish: endpoint({
    method: 'POST',
    path: '/api/onboarding/finish',
    body: finishOnboardingRequestSchema,
  }),
};
