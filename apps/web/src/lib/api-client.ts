import { endpointPath } from '@kuvert/shared/api';
import type { Endpoint, EndpointMethod, PathParamName, PathParams } from '@kuvert/shared/api';
import { env } from '../config/env.ts';
import { apiRequest } from './http.ts';

/** A query string as pairs; `undefined` values are left out, the order is kept. */
export type QueryInput =
  URLSearchParams | string | Readonly<Record<string, string | number | boolean | undefined>>;

type ParamsOption<Path extends string> = [PathParamName<Path>] extends [never]
  ? { params?: undefined }
  : { params: PathParams<Path> };

type BodyOption<Body> = [Body] extends [never] ? { body?: undefined } : { body: Body };

/** What one call of an endpoint takes: its path parameters, query and body. */
export type CallOptions<Path extends string, Body> = ParamsOption<Path> &
  BodyOption<Body> & {
    query?: QueryInput;
    signal?: AbortSignal | undefined;
    /** Extra headers of this call, e.g. `Idempotency-Key`. */
    headers?: Record<string, string>;
  };

/** The options may be left out only for an endpoint without path parameters or body. */
type CallArgs<Path extends string, Body> = [PathParamName<Path>, Body] extends [never, never]
  ? [options?: CallOptions<Path, Body>]
  : [options: CallOptions<Path, Body>];

/** Where a call goes: its path parameters and query. */
type AddressOptions<Path extends string> = ParamsOption<Path> & { query?: QueryInput };

/** The options may be left out only for a path without parameters. */
type AddressArgs<Path extends string> = [PathParamName<Path>] extends [never]
  ? [options?: AddressOptions<Path>]
  : [options: AddressOptions<Path>];

function toQueryString(query: QueryInput | undefined): string {
  if (query === undefined) return '';
  if (typeof query === 'string') return query;
  if (query instanceof URLSearchParams) return query.toString();
  const pairs = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) pairs.set(name, String(value));
  }
  return pairs.toString();
}

function addressOf(
  endpoint: { readonly path: string },
  options: { params?: Record<string, string> | undefined; query?: QueryInput } | undefined,
): string {
  const path = endpointPath<string>(endpoint, options?.params ?? {});
  const query = toQueryString(options?.query);
  return query === '' ? path : `${path}?${query}`;
}

/** The path and query of one call, relative to the API's origin. */
export function apiPath<Method extends EndpointMethod, Path extends string, Body, Answer>(
  endpoint: Endpoint<Method, Path, Body, Answer>,
  ...[options]: AddressArgs<Path>
): string {
  return addressOf(endpoint, options);
}

/** The full address of an endpoint, for what the browser loads itself (links, images, streams). */
export function apiUrl<Method extends EndpointMethod, Path extends string, Body, Answer>(
  endpoint: Endpoint<Method, Path, Body, Answer>,
  ...args: AddressArgs<Path>
): string {
  return `${env.apiBaseUrl}${apiPath(endpoint, ...args)}`;
}

/**
 * The one way the web calls the API: the endpoint's declared method and path, its answer read
 * with its declared schema; errors, CSRF and time-outs as in `apiRequest`.
 */
export function apiCall<Method extends EndpointMethod, Path extends string, Body, Answer>(
  endpoint: Endpoint<Method, Path, Body, Answer>,
  ...args: CallArgs<Path, Body>
): Promise<Answer> {
  const [options] = args;
  return apiRequest(addressOf(endpoint, options), {
    method: endpoint.method,
    ...(options?.body !== undefined ? { body: options.body } : {}),
    ...(options?.signal ? { signal: options.signal } : {}),
    ...(options?.headers ? { headers: options.headers } : {}),
    schema: endpoint.answer,
  });
}
