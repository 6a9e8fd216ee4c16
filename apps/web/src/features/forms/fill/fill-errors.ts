import { formatWaitTime } from '../../../lib/dates.ts';
import { translateError } from '../../../lib/errors.ts';
import { ApiError } from '../../../lib/http.ts';
import type { TFunction } from '../../../lib/i18n.ts';

function waitOf(error: ApiError): string | null {
  return error.retryAfterSeconds === null ? null : formatWaitTime(error.retryAfterSeconds);
}

/** Sending failed for another reason than the answers: said plainly, in the visitor's language. */
export function describeSubmitError(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return translateError(t, error);
  switch (error.code) {
    case 'RATE_LIMITED': {
      const wait = waitOf(error);
      return wait === null
        ? t('forms.fill.errors.tooManySubmissions')
        : t('forms.fill.errors.tooManySubmissionsWait', { wait });
    }
    case 'PAYLOAD_TOO_LARGE':
      return t('forms.fill.errors.answersTooLarge');
    case 'FORM_UNPUBLISHED':
      return t('forms.fill.public.withdrawn.text');
    case 'FORM_VERSION_UNSUPPORTED':
      return t('forms.fill.public.outdated.text');
    case 'NOT_FOUND':
      return t('forms.fill.public.notFound.text');
    default:
      return translateError(t, error);
  }
}

/** A file that was not taken: which one, and why (too large, wrong type, too many uploads). */
export function describeFileError(t: TFunction, error: unknown, filename: string): string {
  if (error instanceof ApiError) {
    const name = error.filename ?? filename;
    switch (error.code) {
      case 'RATE_LIMITED': {
        const wait = waitOf(error);
        return wait === null
          ? t('forms.fill.errors.tooManyUploads')
          : t('forms.fill.errors.tooManyUploadsWait', { wait });
      }
      case 'PAYLOAD_TOO_LARGE':
        return t('forms.fill.file.refusedTooLarge', { name });
      case 'UNSUPPORTED_MEDIA_TYPE':
        return t('forms.fill.file.refusedType', { name });
      default:
        break;
    }
  }
  const message = translateError(t, error);
  return filename === '' ? message : t('errors.aboutFile', { name: filename, message });
}
