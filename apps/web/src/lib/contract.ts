import type { ErrorCode } from '@kuvert/shared/errors';
import { errorCodes, languages } from '@kuvert/shared/constants';

/*
 * The shared contract's schemas are built with zod at import time (≈ 24 KB gzipped). The
 * login page must stay within its first-load budget (DESIGN §7), so pages reachable before
 * login load the schemas on demand, and take the constant lists from the zod-free
 * `@kuvert/shared/constants`.
 */
export const loadAuthContract = () => import('@kuvert/shared/auth');

export const supportedLanguages = languages;
export const knownErrorCodes = errorCodes;

export function isKnownErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && knownErrorCodes.some((code) => code === value);
}
