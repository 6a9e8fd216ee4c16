import type { ErrorCode, FieldIssue } from '@kuvert/shared/errors';
import { isKnownErrorCode } from './contract.ts';
import { reportConnectionLost, reportServerReached } from './online.ts';
import { endSession, getCsrfToken, isLoggedIn } from './session.ts';

/** An error answer of the API, `{ code, message, details? }`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly details: unknown;

  constructor(status: number, code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }

  /** Field problems of a VALIDATION_FAILED answer. */
  get fieldIssues(): FieldIssue[] {
    if (!Array.isArray(this.details)) return [];
    return this.details.flatMap((detail: unknown) => {
      if (typeof detail !== 'object' || detail === null) return [];
      if (!('path' in detail) || !('message' in detail)) return [];
      const { path, message } = detail;
      if (typeof path !== 'string' || typeof message !== 'string') return [];
      const issue: FieldIssue = { path, message };
      if ('i18n' in detail && typeof detail.i18n === 'string') issue.i18n = detail.i18n;
      if ('values' in detail && isStringRecord(detail.values)) issue.values = detail.values;
      return [issue];
    });
  }

  /** The file a refused upload was about (UNSUPPORTED_MEDIA_TYPE, DOCUMENT_ACTIVE_CONTENT). */
  get filename(): string | null {
    if (!Array.isArray(this.details)) return null;
    for (const detail of this.details) {
      if (typeof detail !== 'object' || detail === null || !('filename' in detail)) continue;
      if (typeof detail.filename === 'string') return detail.filename;
    }
    return null;
  }

  /** For RATE_LIMITED: seconds to wait, when the server says. */
  get retryAfterSeconds(): number | null {
    const { details } = this;
    if (typeof details !== 'object' || details === null || !('retry_after_seconds' in details)) {
      return null;
    }
    const value = details.retry_after_seconds;
    return typeof value === 'number' ? value : null;
  }
}

/** The request never got an answer (offline, DNS, server down). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Network request failed', { cause });
    this.name = 'NetworkError';
  }
}

/** The server did not answer in time; like a network failure, the outcome is unknown. */
export class RequestTimeoutError extends NetworkError {
  constructor(cause: unknown) {
    super(cause);
    this.name = 'RequestTimeoutError';
  }
}

/**
 * How long a call may take before it fails with a message instead of spinning on. Uploads
 * carry files over connections of any speed and get longer.
 */
const TIMEOUT_MS = 20_000;
const UPLOAD_TIMEOUT_MS = 120_000;

/** Anything with a zod-like `parse`; keeps zod out of this module's API. */
export interface ResponseSchema<T> {
  parse: (value: unknown) => T;
}

interface HttpConfig {
  baseUrl: string;
  /** Called after a 401 UNAUTHENTICATED ended the local session. */
  onSessionLost: () => void;
}

let config: HttpConfig = { baseUrl: '', onSessionLost: () => {} };

/** Start-up step 2: where the API lives and what happens when the session is gone. */
export function configureHttp(next: Partial<HttpConfig>): void {
  config = { ...config, ...next };
}

export type HttpMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions {
  method?: HttpMethod;
  body?: unknown;
  signal?: AbortSignal;
  /** Extra headers of this call, e.g. `Idempotency-Key`. */
  headers?: Record<string, string>;
}

/** A call whose answer has no body we need (204, 202). */
export function apiRequest(path: string, options?: RequestOptions): Promise<void>;
/** A call whose JSON answer is checked against its shared schema. */
export function apiRequest<T>(
  path: string,
  options: RequestOptions & { schema: ResponseSchema<T> },
): Promise<T>;
export async function apiRequest<T>(
  path: string,
  options: RequestOptions & { schema?: ResponseSchema<T> } = {},
): Promise<T | void> {
  const json = await send(path, options);
  if (options.schema) return options.schema.parse(json);
}

async function send(path: string, options: RequestOptions): Promise<unknown> {
  const method = options.method ?? 'GET';
  const headers = new Headers({ ...options.headers, Accept: 'application/json' });
  // Multipart bodies (file uploads) carry their own boundary in the Content-Type.
  const isFormData = options.body instanceof FormData;
  if (options.body !== undefined && !isFormData) headers.set('Content-Type', 'application/json');
  const csrfToken = getCsrfToken();
  if (method !== 'GET' && csrfToken !== null) headers.set('X-CSRF-Token', csrfToken);

  const wasLoggedIn = isLoggedIn();
  const timeout = AbortSignal.timeout(isFormData ? UPLOAD_TIMEOUT_MS : TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  // Why a call failed without an answer: the caller gave up, time ran out, or no connection.
  const toFailure = (error: unknown): unknown => {
    if (options.signal?.aborted === true) return error;
    if (timeout.aborted) return new RequestTimeoutError(error);
    reportConnectionLost();
    return new NetworkError(error);
  };
  let response: Response;
  try {
    response = await fetch(`${config.baseUrl}${path}`, {
      method,
      headers,
      credentials: 'same-origin',
      body: toRequestBody(options.body),
      signal,
    });
  } catch (error) {
    throw toFailure(error);
  }
  reportServerReached();

  if (!response.ok) {
    const error = await toApiError(response);
    // Only a call made with a session can lose it; a failed login is just a failed login.
    if (error.code === 'UNAUTHENTICATED' && wasLoggedIn) {
      endSession('unauthenticated');
      config.onSessionLost();
    }
    throw error;
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw toFailure(error);
  }
  return text === '' ? undefined : JSON.parse(text);
}

function toRequestBody(body: unknown): BodyInit | null {
  if (body === undefined) return null;
  if (body instanceof FormData) return body;
  return JSON.stringify(body);
}

/** The error of a failed answer, for callers that read the body themselves (downloads). */
export async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (typeof body === 'object' && body !== null && 'code' in body && isKnownErrorCode(body.code)) {
    const message = 'message' in body && typeof body.message === 'string' ? body.message : '';
    return new ApiError(
      response.status,
      body.code,
      message,
      'details' in body ? body.details : undefined,
    );
  }
  // Not our API's shape (a proxy's HTML page, say): classify by status only.
  const code: ErrorCode = response.status === 401 ? 'UNAUTHENTICATED' : 'INTERNAL';
  return new ApiError(response.status, code, response.statusText);
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((entry) => typeof entry === 'string')
  );
}
