import type { TFunction } from './i18n.ts';
import { formatWaitTime } from './dates.ts';
import { ApiError, NetworkError, RequestTimeoutError } from './http.ts';

/** The translated message for anything a call can throw; the code decides, never the text. */
export function translateError(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'RATE_LIMITED' && error.retryAfterSeconds !== null) {
      return t('login.rateLimited', { wait: formatWaitTime(error.retryAfterSeconds) });
    }
    const message = t(`errors.${error.code}`);
    // A refused file is named, so the user knows which of several to fix.
    return error.filename === null
      ? message
      : t('errors.aboutFile', { name: error.filename, message });
  }
  if (error instanceof RequestTimeoutError) return t('errors.TIMEOUT');
  if (error instanceof NetworkError) return t('errors.NETWORK');
  return t('errors.UNKNOWN');
}

export function hasErrorCode(error: unknown, code: ApiError['code']): boolean {
  return error instanceof ApiError && error.code === code;
}

/** A page's code (its route chunk) or strings could not be downloaded, most often offline. */
export class PageLoadError extends Error {
  constructor(cause: unknown) {
    super('The page could not be loaded', { cause });
    this.name = 'PageLoadError';
  }
}
