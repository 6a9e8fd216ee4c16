import { VERIFY_MAX_BYTES } from '@kuvert/shared/signatures';
import { formatFileSize, formatWaitTime } from '../../../lib/dates.ts';
import { translateError } from '../../../lib/errors.ts';
import { ApiError } from '../../../lib/http.ts';
import type { TFunction } from '../../../lib/i18n.ts';

/** What went wrong with a file to check, in the words of this page. */
export function translateVerifyError(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return translateError(t, error);
  switch (error.code) {
    case 'PAYLOAD_TOO_LARGE':
      return t('verification.errors.tooLarge', { max: formatFileSize(VERIFY_MAX_BYTES) });
    case 'UNSUPPORTED_MEDIA_TYPE':
    case 'DOCUMENT_UNREADABLE':
      return t('verification.errors.notPdf');
    case 'RATE_LIMITED':
      return error.retryAfterSeconds === null
        ? t('verification.errors.rateLimitedSoon')
        : t('verification.errors.rateLimited', {
            wait: formatWaitTime(error.retryAfterSeconds),
          });
    default:
      return translateError(t, error);
  }
}
