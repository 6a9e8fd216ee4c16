import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authEndpoints } from '@kuvert/shared/auth/endpoints';
import { letterEndpoints } from '@kuvert/shared/letters/endpoints';
import { profileEndpoints } from '@kuvert/shared/profile/endpoints';
import { apiPath } from './api-client.ts';
import { ApiError, NetworkError, RequestTimeoutError, apiRequest } from './http.ts';
import { isConnectionLost } from './online.ts';
import { endSession, isLoggedIn, startSession } from './session.ts';
import { storageKeys } from './storage.ts';

const fetchMock = vi.fn<typeof fetch>();

// Real paths of the API, as the declared endpoints call them.
const profilePath = apiPath(profileEndpoints.get);
const passwordPath = apiPath(profileEndpoints.changePassword);
const loginPath = apiPath(authEndpoints.login);
const markUnreadPath = apiPath(letterEndpoints.markUnread, { params: { id: '1' } });

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function logIn() {
  startSession({
    created_at: new Date().toISOString(),
    expires_in: 3600,
    csrf_token: 'csrf-abc',
    login_token: 'login-abc',
    first_name: 'Erika',
    language: 'en',
    accounts: [],
  });
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  localStorage.clear();
  endSession();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('apiRequest', () => {
  it('sends the CSRF token on every non-GET call, same-origin credentials and JSON', async () => {
    logIn();
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await apiRequest(passwordPath, { method: 'POST', body: { a: 1 } });
    const [, init] = fetchMock.mock.calls[0] ?? [];
    const headers = new Headers(init?.headers);
    expect(init?.credentials).toBe('same-origin');
    expect(headers.get('X-CSRF-Token')).toBe('csrf-abc');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe('{"a":1}');
  });

  it('does not send the CSRF token on GET', async () => {
    logIn();
    fetchMock.mockResolvedValue(jsonResponse(200, { ok: true }));
    await apiRequest(profilePath, { schema: { parse: (value: unknown) => value } });
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(new Headers(init?.headers).has('X-CSRF-Token')).toBe(false);
  });

  it('turns an error body into a typed ApiError with field issues', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, {
        code: 'VALIDATION_FAILED',
        message: 'Invalid',
        details: [{ path: 'email', message: 'Invalid email' }, { nonsense: true }],
      }),
    );
    const error = await apiRequest(loginPath, { method: 'POST' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(error instanceof ApiError && error.fieldIssues).toEqual([
      { path: 'email', message: 'Invalid email' },
    ]);
  });

  it('reads retry_after_seconds of RATE_LIMITED', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(429, {
        code: 'RATE_LIMITED',
        message: 'Slow down',
        details: { retry_after_seconds: 30 },
      }),
    );
    const error = await apiRequest(loginPath, { method: 'POST' }).catch((e: unknown) => e);
    expect(error instanceof ApiError && error.retryAfterSeconds).toBe(30);
  });

  it('maps a body that is not ours to INTERNAL', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiRequest(profilePath)).rejects.toMatchObject({
      code: 'INTERNAL',
      status: 502,
    });
  });

  it('reports a failed connection as NetworkError', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiRequest(profilePath)).rejects.toBeInstanceOf(NetworkError);
  });

  it('marks the connection lost on a failed request, and found again on the next answer', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiRequest(profilePath)).rejects.toBeInstanceOf(NetworkError);
    expect(isConnectionLost()).toBe(true);
    fetchMock.mockResolvedValueOnce(jsonResponse(404, { code: 'NOT_FOUND', message: 'No' }));
    await expect(apiRequest(profilePath)).rejects.toBeInstanceOf(ApiError);
    expect(isConnectionLost()).toBe(false);
  });

  it('gives up on a call the server does not answer in time', async () => {
    const timeout = new AbortController();
    vi.spyOn(AbortSignal, 'timeout').mockReturnValue(timeout.signal);
    fetchMock.mockImplementation(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const call = apiRequest(markUnreadPath, { method: 'POST' });
    timeout.abort(new DOMException('The operation timed out.', 'TimeoutError'));
    const error = await call.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestTimeoutError);
    // A slow server is not a lost connection.
    expect(isConnectionLost()).toBe(false);
    expect(AbortSignal.timeout).toHaveBeenCalledWith(20_000);
  });

  it("leaves a call the caller aborted as the caller's abort", async () => {
    const caller = new AbortController();
    fetchMock.mockImplementation(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const call = apiRequest(profilePath, { signal: caller.signal });
    caller.abort();
    const error = await call.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ name: 'AbortError' });
  });

  it('logs out locally on 401 UNAUTHENTICATED of an authenticated call', async () => {
    logIn();
    fetchMock.mockResolvedValue(
      jsonResponse(401, { code: 'UNAUTHENTICATED', message: 'No session' }),
    );
    await expect(apiRequest(profilePath)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(isLoggedIn()).toBe(false);
    expect(localStorage.getItem(storageKeys.csrfToken)).toBeNull();
    expect(localStorage.getItem(storageKeys.loginToken)).toBe('login-abc');
  });

  it('validates a JSON answer with the given schema', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { n: 1 }));
    const parse = vi.fn<(value: unknown) => { parsed: unknown }>((value) => ({ parsed: value }));
    await expect(apiRequest(profilePath, { schema: { parse } })).resolves.toEqual({
      parsed: { n: 1 },
    });
  });
});
