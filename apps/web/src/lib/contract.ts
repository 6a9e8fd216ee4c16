import type { ErrorCode } from '@kuvert/shared/errors';
import { errorCodes, languages } from '@kuvert/shared/constants';

/*
 * The shared contract's schemas are built with zod at import time (≈ 24 KB gzipped). The
 * login page must stay within its first-load budget (DESIGN §7), so pages reachable before
 * login load the schemas on demand, and take the constant lists from the zod-free
 * `@kuvert/shared/constants`.
 */
export const loadAuthContract = () => import('@kuvert/shared/auth');
/** The auth endpoints, with the schemas they read answers with: on demand like the contract. */
export const loadAuthEndpoints = () => import('@kuvert/shared/auth/endpoints');
/** The profile's endpoints, for the language switch that lib owns (also on the login page). */
export const loadProfileEndpoints = () => import('@kuvert/shared/profile/endpoints');

export const supportedLanguages = languages;
export const knownErrorCodes = errorCodes;

export function isKnownErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && knownErrorCodes.some((code) => code === value);
}
