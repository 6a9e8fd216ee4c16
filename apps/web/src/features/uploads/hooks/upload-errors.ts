import { DetailedError } from 'tus-js-client';
import type { ErrorCode } from '@kuvert/shared/errors';
import { isKnownErrorCode } from '../../../lib/contract.ts';
import { ApiError, NetworkError } from '../../../lib/http.ts';

/** What a refusal means when the answer is not our API's `{ code }` (the tus server's own). */
function codeForStatus(status: number): ErrorCode {
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (status === 422) return 'DOCUMENT_UNREADABLE';
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404 || status === 410) return 'NOT_FOUND';
  if (status === 429) return 'RATE_LIMITED';
  return 'INTERNAL';
}

function codeInBody(body: string): { code: ErrorCode; message: string } | null {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== 'object' || parsed === null || !('code' in parsed)) return null;
    if (!isKnownErrorCode(parsed.code)) return null;
    const message = 'message' in parsed && typeof parsed.message === 'string' ? parsed.message : '';
    return { code: parsed.code, message };
  } catch {
    return null;
  }
}

/**
 * A failed tus request as the portal's errors: an `ApiError` that names the file (the user's
 * own name for it, so several refusals can be told apart), or a `NetworkError` when no answer
 * came. The code decides the translated message, never the server's text.
 */
export function toUploadError(error: unknown, filename: string): ApiError | NetworkError {
  const response = error instanceof DetailedError ? error.originalResponse : null;
  if (response === null) return new NetworkError(error);
  const status = response.getStatus();
  const known = codeInBody(response.getBody());
  return new ApiError(status, known?.code ?? codeForStatus(status), known?.message ?? '', [
    { filename },
  ]);
}

/** A file the portal refuses before sending it: the server would say the same. */
export function tooLargeError(filename: string): ApiError {
  return new ApiError(413, 'PAYLOAD_TOO_LARGE', '', [{ filename }]);
}

/**
 * Worth trying again by itself: no answer, the server busy or restarting, or the upload locked
 * by another request for a moment. A refusal (4xx) is final.
 */
export function isRetryableUploadError(error: DetailedError): boolean {
  const status = error.originalResponse?.getStatus() ?? 0;
  return status === 0 || status >= 500 || status === 409 || status === 423 || status === 429;
}
