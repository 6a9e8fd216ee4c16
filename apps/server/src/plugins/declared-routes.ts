import type { Endpoint } from '@kuvert/shared/api';

/*
 * The portal API's routes are registered from the endpoints `@kuvert/shared` declares, never
 * from a path written here: `app.get(declared.get(letterEndpoints.list), …)`. The method is
 * checked by type (a POST declaration cannot be registered as a GET); the path is the
 * declaration's, without the `/api` prefix the modules are registered under (app.ts).
 * `declared-routes.test.ts` checks the other direction: every `/api` route is declared.
 */

const API_PREFIX = '/api';

function routePath(endpoint: Endpoint): string {
  if (!endpoint.path.startsWith(`${API_PREFIX}/`)) {
    throw new Error(`A portal endpoint's path begins with ${API_PREFIX}/: ${endpoint.path}`);
  }
  return endpoint.path.slice(API_PREFIX.length);
}

export const declared = {
  get: (endpoint: Endpoint<'GET'>): string => routePath(endpoint),
  head: (endpoint: Endpoint<'HEAD'>): string => routePath(endpoint),
  post: (endpoint: Endpoint<'POST'>): string => routePath(endpoint),
  put: (endpoint: Endpoint<'PUT'>): string => routePath(endpoint),
  patch: (endpoint: Endpoint<'PATCH'>): string => routePath(endpoint),
  delete: (endpoint: Endpoint<'DELETE'>): string => routePath(endpoint),
};
