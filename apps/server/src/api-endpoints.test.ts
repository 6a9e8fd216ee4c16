import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '@kuvert/shared/api';
import { declaredEndpoints } from './test/declared-endpoints.ts';
import { createTestApp } from './test/helper.ts';
import type { TestApp } from './test/helper.ts';

/*
 * The web calls the API only through the endpoints declared in `@kuvert/shared`; each one must
 * be a route the server registers, with the same method and path, so the two cannot drift.
 * (declared-routes.test.ts checks the other direction.)
 */

/** The route's own parameter names, or null when no route has this method and path. */
function registeredParams(test: TestApp, { method, path }: Endpoint): string[] | null {
  const route = test.app.findRoute({ method, url: path });
  return route === null ? null : Object.keys(route.params);
}

/** A declaration made up here, to see the check tell routes apart. */
const declaration = (method: Endpoint['method'], path: string): Endpoint => ({
  method,
  path,
  answer: { parse: () => undefined },
});

const paramNames = (path: string) => [...path.matchAll(/:(\w+)/gu)].map((match) => match[1]);

describe('the shared endpoint declarations', () => {
  let test: TestApp;
  beforeAll(async () => {
    // The routes do not depend on the database engine.
    test = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await test.close();
  });

  it('are each a route the server registers, with the same method and path', () => {
    const differing = declaredEndpoints
      .filter(({ endpoint }) => {
        const params = registeredParams(test, endpoint);
        return params === null || params.join('/') !== paramNames(endpoint.path).join('/');
      })
      .map(({ name, endpoint }) => `${name}: ${endpoint.method} ${endpoint.path}`);
    expect(differing).toEqual([]);
  });

  it('tell a route from one with another method, path or parameter name', () => {
    expect(registeredParams(test, declaration('GET', '/api/letters/:id'))).toEqual(['id']);
    expect(registeredParams(test, declaration('GET', '/api/letters/:letterId'))).toEqual(['id']);
    expect(registeredParams(test, declaration('DELETE', '/api/letters/:id'))).toBeNull();
    expect(registeredParams(test, declaration('GET', '/api/letter/:id'))).toBeNull();
  });

  it('are declared once: no two share a method and path', () => {
    const keys = declaredEndpoints.map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
  });
});
