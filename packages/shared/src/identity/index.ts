import { z } from 'zod';
import { newPasswordSchema } from '../auth/index.ts';

/*
 * Identity verification over OpenID Connect (DESIGN §9). The person starts a verification, is
 * sent to the identity provider, and comes back to `/verify/id_process_id/{data}`, whose page
 * hands what the provider answered to the server to complete it.
 */

/** Longest value the return page forwards from the provider's answer. */
const RESPONSE_PARAMETER_MAX_LENGTH = 2048;

/** What an identity provider confirmed about the person, and when. */
export const verifiedIdentitySchema = z
  .object({
    /** The provider that verified the person (its OpenID Connect issuer). */
    issuer: z.string(),
    /** Verified name, as the provider gives it. */
    name: z.string(),
    /** YYYY-MM-DD, or a year alone where the provider gives no more; null when not given. */
    birth_date: z.string().nullable(),
    /** Assurance level (`acr`) the provider reported; null when it reported none. */
    acr: z.string().nullable(),
    verified_at: z.iso.datetime(),
    /** True when the built-in test identity provider verified it: no real person was checked. */
    is_test: z.boolean(),
  })
  .meta({ id: 'VerifiedIdentity' });
export type VerifiedIdentity = z.infer<typeof verifiedIdentitySchema>;

export const identityStatusSchema = z
  .object({ identity: verifiedIdentitySchema.nullable() })
  .meta({ id: 'IdentityStatus' });
export type IdentityStatus = z.infer<typeof identityStatusSchema>;

/** Where the browser goes next: the identity provider's authorization page. */
export const startVerificationResponseSchema = z
  .object({ authorization_url: z.url() })
  .meta({ id: 'StartIdentityVerificationResponse' });
export type StartVerificationResponse = z.infer<typeof startVerificationResponseSchema>;

const responseParameter = z.string().min(1).max(RESPONSE_PARAMETER_MAX_LENGTH);

/**
 * The return leg: `data` from the path, and the provider's answer from the query, as given
 * (`code`, `state`, `iss`; or `error` when the person cancelled or the provider refused).
 */
export const completeVerificationRequestSchema = z
  .object({
    data: responseParameter,
    code: responseParameter.optional(),
    state: responseParameter.optional(),
    iss: responseParameter.optional(),
    error: responseParameter.optional(),
  })
  .meta({ id: 'CompleteIdentityVerificationRequest' });
export type CompleteVerificationRequest = z.infer<typeof completeVerificationRequestSchema>;

/*
 * Onboarding by identity (issue 24): the operator makes a single-use link (`kuvert user
 * onboard`) with which a person first verifies their identity, then sets a password. No login
 * is needed on the way: the link's token binds the verification to the person it was made for.
 */

/** How long an onboarding link works. */
export const ONBOARDING_TTL_DAYS = 7;

export const onboardingTokenSchema = z.string().min(1).max(512);

export const onboardingTokenQuerySchema = z.object({ token: onboardingTokenSchema });

export const onboardingTokenRequestSchema = z
  .object({ token: onboardingTokenSchema })
  .meta({ id: 'OnboardingTokenRequest' });
export type OnboardingTokenRequest = z.infer<typeof onboardingTokenRequestSchema>;

/** Where an onboarding link stands: the identity once verified (then the password is next). */
export const onboardingInfoSchema = z
  .object({ email: z.string(), identity: verifiedIdentitySchema.nullable() })
  .meta({ id: 'OnboardingInfo' });
export type OnboardingInfo = z.infer<typeof onboardingInfoSchema>;

/** The return leg of an onboarding's verification, bound to the link's token. */
export const completeOnboardingVerificationRequestSchema = completeVerificationRequestSchema
  .extend({ token: onboardingTokenSchema })
  .meta({ id: 'CompleteOnboardingVerificationRequest' });
export type CompleteOnboardingVerificationRequest = z.infer<
  typeof completeOnboardingVerificationRequestSchema
>;

export const finishOnboardingRequestSchema = z
  .object({ token: onboardingTokenSchema, password: newPasswordSchema })
  .meta({ id: 'FinishOnboardingRequest' });
export type FinishOnboardingRequest = z.infer<typeof finishOnboardingRequestSchema>;
