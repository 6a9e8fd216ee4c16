import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { letterEndpoints } from '@kuvert/shared/letters/endpoints';
import { declaredEndpoints } from '../test/declared-endpoints.ts';
import { createTestApp } from '../test/helper.ts';
import type { TestApp } from '../test/helper.ts';
import { declared, declaredUnder } from './declared-routes.ts';

/*
 * Every route of the portal API is declared once in `@kuvert/shared` and registered from the
 * declaration (`declared.get(…)`), so a path written by hand in a module is found here. The
 * other direction, each declaration being a route, is api-endpoints.test.ts.
 */

interface Route {
  method: string;
  url: string;
}

/**
 * Not endpoints of the API, though under /api: the OpenAPI document and its viewer, which
 * @fastify/swagger-ui registers (plugins/openapi.ts).
 */
const API_DOCS = '/api/docs';

const declaredKeys = new Set(
  declaredEndpoints.map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`),
);

/** `METHOD url` of each /api route no declaration names with that method and path. */
function undeclaredRoutes(routes: readonly Route[]): string[] {
  const gets = new Set(routes.filter((route) => route.method === 'GET').map((route) => route.url));
  return (
    routes
      .filter(({ url }) => url.startsWith('/api/'))
      .filter(({ url }) => url !== API_DOCS && !url.startsWith(`${API_DOCS}/`))
      // Fastify answers HEAD for each GET route itself (exposeHeadRoutes); another HEAD is ours.
      .filter(({ method, url }) => !(method === 'HEAD' && gets.has(url)))
      .map(({ method, url }) => `${method} ${url}`)
      .filter((key) => !declaredKeys.has(key))
  );
}

describe('the routes under /api', () => {
  let test: TestApp;
  beforeAll(async () => {
    // The routes do not depend on the database engine.
    test = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await test.close();
  });

  it('are each declared in @kuvert/shared with the same method and path', () => {
    // The table is filled by an onRoute hook added before any module (plugins/session.ts).
    expect(test.app.routeTable.some(({ url }) => url === '/api/letters')).toBe(true);
    expect(undeclaredRoutes(test.app.routeTable)).toEqual([]);
  });

  it('tell a declared route from one written by hand, or with another method or path', () => {
    const routes: Route[] = [
      { method: 'GET', url: '/api/letters' },
      { method: 'HEAD', url: '/api/letters' },
      { method: 'GET', url: '/api/x' },
      { method: 'DELETE', url: '/api/letters' },
      { method: 'GET', url: '/api/letters/:letterId' },
      { method: 'HEAD', url: '/api/uploads/tus/:id' },
      { method: 'HEAD', url: '/api/uploads/tus/:uploadId' },
      { method: 'GET', url: '/api/docs/json' },
      { method: 'GET', url: '/sandbox-bank/bank.css' },
    ];
    expect(undeclaredRoutes(routes)).toEqual([
      'GET /api/x',
      'DELETE /api/letters',
      'GET /api/letters/:letterId',
      'HEAD /api/uploads/tus/:uploadId',
    ]);
  });
});

describe('declared', () => {
  it("gives a declaration's path without the prefix its plugin is mounted at", () => {
    expect(declared.get(letterEndpoints.get)).toBe('/letters/:id');
    expect(declaredUnder('/api/letters').post(letterEndpoints.markRead)).toBe('/:id/read');
    expect(() => declaredUnder('/api/sender/v1').get(letterEndpoints.get)).toThrow(
      /\/api\/sender\/v1\//u,
    );
  });

  it('registers a declaration only with its own method, which the type checks', () => {
    // @ts-expect-error A POST endpoint cannot be registered as a GET route.
    expect(declared.get(letterEndpoints.markRead)).toBe('/letters/:id/read');
    // @ts-expect-error Nor a GET endpoint as a DELETE route.
    expect(declared.delete(letterEndpoints.list)).toBe('/letters');
  });
});
