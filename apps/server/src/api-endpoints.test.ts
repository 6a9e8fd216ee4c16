import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicFormEndpoints } from '@kuvert/shared/api';
import type { Endpoint } from '@kuvert/shared/api';
import { accountEndpoints } from '@kuvert/shared/accounts/endpoints';
import { authEndpoints } from '@kuvert/shared/auth/endpoints';
import { caseFileEndpoints } from '@kuvert/shared/case-files/endpoints';
import { contactEndpoints } from '@kuvert/shared/contacts/endpoints';
import { eventEndpoints } from '@kuvert/shared/events/endpoints';
import { folderEndpoints } from '@kuvert/shared/folders/endpoints';
import { formEndpoints } from '@kuvert/shared/forms/endpoints';
import { healthEndpoints } from '@kuvert/shared/health/endpoints';
import { homeEndpoints } from '@kuvert/shared/home/endpoints';
import { invoiceEndpoints } from '@kuvert/shared/invoices/endpoints';
import { letterEndpoints } from '@kuvert/shared/letters/endpoints';
import { mailMergeEndpoints } from '@kuvert/shared/mail-merge/endpoints';
import { outboxEndpoints } from '@kuvert/shared/outbox/endpoints';
import { paymentEndpoints } from '@kuvert/shared/payments/endpoints';
import { profileEndpoints } from '@kuvert/shared/profile/endpoints';
import { providerEndpoints } from '@kuvert/shared/providers/endpoints';
import { searchEndpoints } from '@kuvert/shared/search/endpoints';
import { signatureEndpoints } from '@kuvert/shared/signatures/endpoints';
import { trashEndpoints } from '@kuvert/shared/trash/endpoints';
import { uploadEndpoints } from '@kuvert/shared/uploads/endpoints';
import { createTestApp } from './test/helper.ts';
import type { TestApp } from './test/helper.ts';

/*
 * The web calls the API only through the endpoints declared in `@kuvert/shared`; each one must
 * be a route the server registers, with the same method and path, so the two cannot drift.
 */
const declared: Record<string, Record<string, Endpoint>> = {
  accounts: accountEndpoints,
  auth: authEndpoints,
  caseFiles: caseFileEndpoints,
  contacts: contactEndpoints,
  events: eventEndpoints,
  folders: folderEndpoints,
  forms: formEndpoints,
  publicForms: publicFormEndpoints,
  health: healthEndpoints,
  home: homeEndpoints,
  invoices: invoiceEndpoints,
  letters: letterEndpoints,
  mailMerge: mailMergeEndpoints,
  outbox: outboxEndpoints,
  payments: paymentEndpoints,
  profile: profileEndpoints,
  providers: providerEndpoints,
  search: searchEndpoints,
  signatures: signatureEndpoints,
  trash: trashEndpoints,
  uploads: uploadEndpoints,
};

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

const endpoints = Object.entries(declared).flatMap(([area, group]) =>
  Object.entries(group).map(([name, endpoint]) => ({ name: `${area}.${name}`, endpoint })),
);

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
    const differing = endpoints
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
    const keys = endpoints.map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
  });
});
