// @vitest-environment node
import { DetailedError } from 'tus-js-client';
import type { HttpResponse } from 'tus-js-client';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../../lib/http.ts';
import { isRetryableUploadError, toUploadError } from './upload-errors.ts';

function answered(status: number, body: string): DetailedError {
  const response: HttpResponse = {
    getStatus: () => status,
    getHeader: () => undefined,
    getBody: () => body,
    getUnderlyingObject: () => null,
  };
  const error = new DetailedError('tus: unexpected response');
  error.originalResponse = response;
  return error;
}

describe('toUploadError', () => {
  it('keeps the code the server gave and names the file as the user knows it', () => {
    const body = JSON.stringify({ code: 'QUOTA_EXCEEDED', message: 'No room', details: [] });
    const error = toUploadError(answered(413, body), 'Scan 1.pdf');
    expect(error).toBeInstanceOf(ApiError);
    expect(error instanceof ApiError && error.code).toBe('QUOTA_EXCEEDED');
    expect(error instanceof ApiError && error.filename).toBe('Scan 1.pdf');
  });

  it.each([
    [413, 'PAYLOAD_TOO_LARGE'],
    [415, 'UNSUPPORTED_MEDIA_TYPE'],
    [422, 'DOCUMENT_UNREADABLE'],
    [502, 'INTERNAL'],
  ])('reads a %i without our body (a proxy, say) by its status', (status, code) => {
    const error = toUploadError(answered(status, '<html>Bad gateway</html>'), 'a.pdf');
    expect(error instanceof ApiError && error.code).toBe(code);
  });

  it('calls a request without an answer a network failure', () => {
    expect(toUploadError(new DetailedError('tus: failed to upload chunk'), 'a.pdf')).toBeInstanceOf(
      NetworkError,
    );
  });
});

describe('isRetryableUploadError', () => {
  it('tries again after a dropped connection, a server error or a locked upload', () => {
    expect(isRetryableUploadError(new DetailedError('no answer'))).toBe(true);
    expect(isRetryableUploadError(answered(503, ''))).toBe(true);
    expect(isRetryableUploadError(answered(423, ''))).toBe(true);
  });

  it('does not send a refused file again', () => {
    expect(isRetryableUploadError(answered(415, ''))).toBe(false);
    expect(isRetryableUploadError(answered(413, ''))).toBe(false);
  });
});
