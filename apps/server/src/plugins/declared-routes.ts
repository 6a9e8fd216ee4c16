import type { Endpoint } from '@kuvert/shared/api';

/*
 * The portal API's routes are registered from the endpoints `@kuvert/shared` declares, never
 * from a path written here: `app.get(declared.get(letterEndpoints.list), …)`. The method is
 * checked by type (a POST declaration cannot be registered as a GET); the path is the
 * declaration's, without the `/api` prefix the modules are registered under (app.ts).
 * `declared-routes.test.ts` checks the other direction: every `/api` route is declared.
 */

const API_PREFIX = '/api';

function routePath(prefix: string, endpoint: Endpoint): string {
  if (!endpoint.path.startsWith(`${prefix}/`)) {
    throw new Error(
      `An endpoint registered under ${prefix} begins with ${prefix}/: ${endpoint.path}`,
    );
  }
  return endpoint.path.slice(prefix.length);
}

/**
 * The paths of declared endpoints for routes registered inside a plugin mounted at `prefix`
 * (the declaration's path begins with it), one function per method.
 */
export function declaredUnder(prefix: string) {
  return {
    get: (endpoint: Endpoint<'GET'>): string => routePath(prefix, endpoint),
    head: (endpoint: Endpoint<'HEAD'>): string => routePath(prefix, endpoint),
    options: (endpoint: Endpoint<'OPTIONS'>): string => routePath(prefix, endpoint),
    post: (endpoint: Endpoint<'POST'>): string => routePath(prefix, endpoint),
    put: (endpoint: Endpoint<'PUT'>): string => routePath(prefix, endpoint),
    patch: (endpoint: Endpoint<'PATCH'>): string => routePath(prefix, endpoint),
    delete: (endpoint: Endpoint<'DELETE'>): string => routePath(prefix, endpoint),
  };
}

/** For the modules, registered under `/api`. */
export const declared = declaredUnder(API_PREFIX);
