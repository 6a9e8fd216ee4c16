import type { UploadContentType, UploadKind, UploadTextStatus } from '@kuvert/shared/uploads';
import { translateError } from '../../../lib/errors.ts';
import { ApiError } from '../../../lib/http.ts';
import type { TFunction } from '../../../lib/i18n.ts';

/** "PDF", "PNG image", "CSV table" … */
export function typeLabel(t: TFunction, contentType: UploadContentType): string {
  switch (contentType) {
    case 'application/pdf':
      return t('uploads.types.pdf');
    case 'image/png':
      return t('uploads.types.png');
    case 'image/jpeg':
      return t('uploads.types.jpeg');
    case 'image/webp':
      return t('uploads.types.webp');
    case 'text/csv':
      return t('uploads.types.csv');
    case 'text/plain':
      return t('uploads.types.text');
  }
}

export function kindLabel(t: TFunction, kind: UploadKind): string {
  return t(`uploads.kinds.${kind}`);
}

/** What reading the file's text is doing; null when there is nothing to say. */
export function textStatusLabel(t: TFunction, status: UploadTextStatus): string | null {
  switch (status) {
    case 'pending':
    case 'reading':
      return t('uploads.textStatus.reading');
    case 'recognising':
      return t('uploads.textStatus.recognising');
    case 'failed':
      return t('uploads.textStatus.failed');
    case 'extracted':
    case 'not_applicable':
      return null;
  }
}

export function isReadingText(status: UploadTextStatus): boolean {
  return status === 'pending' || status === 'reading' || status === 'recognising';
}

/** Why a file did not go up, naming it: the refusal's own message names it already. */
export function describeUploadFailure(t: TFunction, name: string, error: unknown): string {
  return error instanceof ApiError
    ? translateError(t, error)
    : t('errors.aboutFile', { name, message: translateError(t, error) });
}
