/*
 * One declaration per HTTP endpoint of the portal API: its method, its path (Fastify's
 * `:param` form, so the server registers the very same string), what its body is and the schema
 * its answer is read with. The web calls endpoints only through these declarations, and a
 * server test checks that each one is a registered route, so the two cannot drift apart.
 *
 * This module is free of zod: pages with a first-load budget (login, the public fill-out page)
 * use it too. Areas declare their endpoints next to their schemas (`<area>/endpoints.ts`).
 */

export type EndpointMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Anything with a zod-like `parse`: a zod schema, or a hand-written check. */
export interface Parser<T> {
  parse: (value: unknown) => T;
}

/**
 * The schema of a request body, by the type slot of Standard Schema (which zod implements):
 * a caller sends the schema's input, as the server's validation takes it.
 */
export interface BodySchema<Body> {
  readonly '~standard': { readonly types?: { readonly input: Body } | undefined };
}

/**
 * The browser's `FormData`, by the methods a multipart body is built with (this package is
 * built without the DOM's types).
 */
export interface MultipartForm {
  append(name: string, value: never, fileName?: string): void;
  set(name: string, value: never, fileName?: string): void;
  getAll(name: string): unknown[];
}

/** A body sent as `multipart/form-data` (files), built by the caller as `FormData`. */
export const multipart: BodySchema<MultipartForm> = { '~standard': {} };

/** The names of a path's `:param` segments. */
export type PathParamName<Path extends string> =
  Path extends `${string}:${infer Name}/${infer Rest}`
    ? Name | PathParamName<`/${Rest}`>
    : Path extends `${string}:${infer Name}`
      ? Name
      : never;

/** A value for each `:param` of a path. */
export type PathParams<Path extends string> = Record<PathParamName<Path>, string>;

export interface Endpoint<
  Method extends EndpointMethod = EndpointMethod,
  Path extends string = string,
  Body = unknown,
  Answer = unknown,
> {
  readonly method: Method;
  /** Begins with `/api/`; `:name` marks a path parameter. */
  readonly path: Path;
  /** The JSON body's schema, or `multipart` (files); absent when the call sends no body. */
  readonly body?: BodySchema<Body>;
  /** The query string's schema, where the area has one. */
  readonly query?: Parser<unknown>;
  /** How the answer is read; `noAnswer` when the caller needs nothing from it. */
  readonly answer: Parser<Answer>;
}

/** The answer of a call whose body the caller does not read (204, 202, or ignored). */
export const noAnswer: Parser<void> = { parse: () => undefined };

interface EndpointDefinition<Method extends EndpointMethod, Path extends string, Body, Answer> {
  method: Method;
  path: Path;
  body?: BodySchema<Body>;
  query?: Parser<unknown>;
  answer?: Parser<Answer>;
}

/** Declares an endpoint; without `answer` its answer is not read (`noAnswer`). */
export function endpoint<
  const Method extends EndpointMethod,
  const Path extends `/api/${string}`,
  Body = never,
  Answer = void,
>(definition: EndpointDefinition<Method, Path, Body, Answer>): Endpoint<Method, Path, Body, Answer>;
export function endpoint(
  definition: EndpointDefinition<EndpointMethod, string, unknown, unknown>,
): Endpoint {
  return { ...definition, answer: definition.answer ?? noAnswer };
}

/** The path of one call: each `:param` replaced by its value, URI-encoded. */
export function endpointPath<Path extends string>(
  declared: { readonly path: Path },
  params: PathParams<Path>,
): string {
  const values: Record<string, string> = params;
  return declared.path.replace(/:([A-Za-z_]\w*)/gu, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} of ${declared.path}`);
    return encodeURIComponent(value);
  });
}

/** The same endpoint read with a narrower schema, for a caller that needs only part of it. */
export function withAnswer<Method extends EndpointMethod, Path extends string, Body, Answer>(
  declared: Endpoint<Method, Path, Body, unknown>,
  answer: Parser<Answer>,
): Endpoint<Method, Path, Body, Answer> {
  return { ...declared, answer };
}
