import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoggedInUser, type LoggedIn } from './test/factories.ts';
import { createTestApp, testEngines, type TestApp } from './test/helper.ts';
import { isStateChanging, type RegisteredRoute } from './plugins/session.ts';

const FOREIGN_ORIGIN = 'https://evil.example';
const INJECT_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Every route under /api the app registered (HEAD mirrors GET; the docs UI is public). */
function apiRoutes(t: TestApp): RegisteredRoute[] {
  return t.app.routeTable.filter(
    (route) =>
      route.url.startsWith('/api/') &&
      !route.url.startsWith('/api/docs') &&
      route.method !== 'HEAD',
  );
}

/** A concrete URL for a route pattern: parameters get a harmless value. */
function concreteUrl(route: RegisteredRoute): string {
  return route.url.replace(/:[A-Za-z_]+/g, 'some-id').replace(/\*$/, 'x');
}

function label(route: RegisteredRoute): string {
  return `${route.method} ${route.url}`;
}

/** Asserts status and error code, naming the route in the diff when it fails. */
function expectAnswer(
  route: string,
  response: LightMyRequestResponse,
  expected: { status: number; code?: string },
): void {
  const body: unknown = response.json();
  const code = typeof body === 'object' && body !== null && 'code' in body ? body.code : undefined;
  expect({ route, status: response.statusCode, code }).toEqual({
    route,
    code: undefined,
    ...expected,
  });
}

describe.each(testEngines)('security: every route (%s)', (engine) => {
  let t: TestApp;
  let me: LoggedIn;
  let stranger: LoggedIn;
  let loggedOut: LoggedIn;

  beforeAll(async () => {
    t = await createTestApp(engine, { LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '1000' });
    me = await createLoggedInUser(t.app);
    stranger = await createLoggedInUser(t.app);
    loggedOut = await createLoggedInUser(t.app);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: loggedOut.headers });
  });
  afterAll(async () => t.close());

  function send(route: RegisteredRoute, headers: Record<string, string>) {
    // Hooks reject before the body is read; a body is sent anyway so nothing else can fail.
    const hasBody = isStateChanging(route.method) && route.method !== 'DELETE';
    return t.app.inject({
      method: INJECT_METHODS.find((method) => method === route.method) ?? 'GET',
      url: concreteUrl(route),
      headers,
      ...(hasBody ? { payload: {} } : {}),
    });
  }

  it('knows the routes, and only the intended ones are public', () => {
    const routes = apiRoutes(t);
    expect(routes.map(label)).toEqual(
      expect.arrayContaining([
        'POST /api/auth/logout',
        'GET /api/accounts',
        'DELETE /api/profile/sessions/:id',
      ]),
    );
    const publicRoutes = routes
      .filter((route) => route.auth === 'public')
      .map(label)
      .toSorted();
    expect(publicRoutes).toEqual([
      'GET /api/auth/email-verification',
      'GET /api/auth/password-reset',
      'GET /api/email-change/cancel',
      'GET /api/email-change/confirm',
      'GET /api/health',
      'GET /api/invitations/info',
      'GET /api/onboarding/info',
      // The calendar feed's address is its credential (a secret of 256 bits, rate-limited).
      'GET /api/public/calendar/:secret',
      'GET /api/public/form-submissions/:id/receipt',
      'GET /api/public/forms/:providerId/:formId',
      // Readiness, for the load balancer's health checks: says which check failed, no data.
      'GET /api/ready',
      'GET /api/seal/ca-certificate',
      // The token a login with the right password answered is the credential (issue 25).
      'POST /api/auth/deletion/cancel',
      'POST /api/auth/email-verification',
      'POST /api/auth/login',
      'POST /api/auth/password-reset',
      'POST /api/auth/password-reset/confirm',
      // The e-mail change's mailed tokens are the credentials, as a password reset's are.
      'POST /api/email-change/cancel',
      'POST /api/email-change/confirm',
      'POST /api/invitations/accept-new',
      // The onboarding link's token is the credential, as a password reset's is.
      'POST /api/onboarding/finish',
      'POST /api/onboarding/verifications',
      'POST /api/onboarding/verifications/complete',
      'POST /api/public/forms/:formId/files',
      'POST /api/public/forms/:formId/submissions',
      'POST /api/public/forms/:formId/upload-token',
      'POST /api/verify-document',
    ]);
  });

  it('answers 401 on every non-public route without a cookie and with a logged-out one', async () => {
    const routes = apiRoutes(t).filter((route) => route.auth !== 'public');
    expect(routes.length).toBeGreaterThanOrEqual(10);
    for (const route of routes) {
      const unauthenticated = { status: 401, code: 'UNAUTHENTICATED' };
      expectAnswer(label(route), await send(route, {}), unauthenticated);
      expectAnswer(label(route), await send(route, loggedOut.headers), unauthenticated);
    }
  });

  it('rejects a missing or foreign CSRF token on every state-changing session route', async () => {
    const routes = apiRoutes(t).filter(
      (route) => route.auth === 'session' && isStateChanging(route.method),
    );
    expect(routes.length).toBeGreaterThanOrEqual(5);
    for (const route of routes) {
      const csrfFailed = { status: 403, code: 'CSRF_FAILED' };
      expectAnswer(label(route), await send(route, { cookie: me.cookie }), csrfFailed);
      const foreign = await send(route, { cookie: me.cookie, 'x-csrf-token': stranger.csrf });
      expectAnswer(label(route), foreign, csrfFailed);
    }
  });

  it('rejects a foreign Origin, or a cross-site fetch, on every state-changing route', async () => {
    const routes = apiRoutes(t).filter((route) => isStateChanging(route.method));
    expect(routes.length).toBeGreaterThanOrEqual(9);
    for (const route of routes) {
      const rejected = { status: 403, code: 'ORIGIN_REJECTED' };
      expectAnswer(
        label(route),
        await send(route, { ...me.headers, origin: FOREIGN_ORIGIN }),
        rejected,
      );
      const crossSite = await send(route, { ...me.headers, 'sec-fetch-site': 'cross-site' });
      expectAnswer(label(route), crossSite, rejected);
    }
  });

  it('lets a same-origin write with the right token through', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { ...me.headers, origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('lets a write through from the address the portal was opened at, not only PUBLIC_URL', async () => {
    // The start-up log prints 127.0.0.1 and the LAN address; PUBLIC_URL says localhost.
    for (const host of ['127.0.0.1:3000', '192.168.1.20:3000']) {
      const sameSite = await t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        headers: { ...me.headers, host, origin: `http://${host}`, 'sec-fetch-site': 'same-origin' },
      });
      expect({ host, status: sameSite.statusCode }).toEqual({ host, status: 200 });
    }
    // Another page naming this host is still refused when the Host says otherwise.
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { ...me.headers, host: '127.0.0.1:3000', origin: 'http://192.168.1.20:3000' },
    });
    expect(foreign.json()).toMatchObject({ code: 'ORIGIN_REJECTED' });
  });

  it('sends the security headers, and no-store on the API', async () => {
    for (const url of ['/api/health', '/api/nope', '/inbox']) {
      const { headers } = await t.app.inject({ url });
      const csp = String(headers['content-security-policy']);
      const scriptSrc = csp.split(';').find((part) => part.trim().startsWith('script-src')) ?? '';
      expect({
        url,
        scriptSrc: scriptSrc.trim(),
        framing: csp.includes("frame-ancestors 'none'"),
        hsts: /max-age=\d+/.test(String(headers['strict-transport-security'])),
        nosniff: headers['x-content-type-options'],
        referrer: headers['referrer-policy'],
      }).toEqual({
        url,
        scriptSrc: "script-src 'self'",
        framing: true,
        // PUBLIC_URL is plain http here: no HSTS (malformed-input.test.ts covers https).
        hsts: false,
        nosniff: 'nosniff',
        referrer: 'strict-origin-when-cross-origin',
      });
    }
    const api = await t.app.inject({ url: '/api/accounts', headers: { cookie: me.cookie } });
    expect(api.headers['cache-control']).toBe('no-store');
  });

  it('never puts a stack trace in an error body', async () => {
    const responses = [
      await t.app.inject({ url: '/api/nope' }),
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'not an email' },
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{broken',
      }),
      await t.app.inject({ url: '/api/profile' }),
    ];
    for (const response of responses) {
      expect(Object.keys(response.json()).toSorted()).toEqual(
        expect.arrayContaining(['code', 'message']),
      );
      expect(response.body).not.toMatch(/stack|at .*\.ts:\d+|node_modules/);
    }
  });

  it('keeps counting failed logins whatever the path or e-mail spelling', async () => {
    const email = 'victim@example.com';
    const variants = [
      { url: '/api/auth/login', email },
      { url: '/api/auth/login?x=1', email: email.toUpperCase() },
      { url: '/api/auth/login#frag', email: ` ${email} ` },
    ];
    for (let i = 0; i < t.config.loginMaxAttemptsPerAccount; i += 1) {
      const variant = variants[i % variants.length] ?? variants[0];
      const response = await t.app.inject({
        method: 'POST',
        url: variant?.url ?? '/api/auth/login',
        payload: { email: variant?.email, password: 'wrong password!' },
      });
      expect(response.statusCode).toBe(401);
    }
    for (const url of ['/api/auth/login/', '/API/auth/login', '/api//auth/login']) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        payload: { email, password: 'x' },
      });
      expectAnswer(url, response, { status: 404, code: 'NOT_FOUND' });
    }
    const limited = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'x' },
    });
    expect(limited.statusCode).toBe(429);
  });
});

describe.each(testEngines)('security: cookies and failures (%s)', (engine) => {
  it('sets an HttpOnly, SameSite=Lax, Path=/ cookie without Secure over http', async () => {
    const t = await createTestApp(engine);
    try {
      const me = await createLoggedInUser(t.app);
      expect(me.cookie.startsWith('kuvert_session=')).toBe(true);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        headers: me.headers,
      });
      expect(response.statusCode).toBe(200);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: me.email, password: me.password },
      });
      const header = String(login.headers['set-cookie']);
      expect(header).toMatch(/^kuvert_session=[\w-]{43};/);
      expect(header).toContain('HttpOnly');
      expect(header).toContain('SameSite=Lax');
      expect(header).toContain('Path=/');
      expect(header).not.toContain('Secure');
      expect(header).not.toContain('Domain');
    } finally {
      await t.close();
    }
  });

  it('uses a __Host- cookie with Secure when the portal is served over https', async () => {
    const t = await createTestApp(engine, { PUBLIC_URL: 'https://kuvert.example' });
    try {
      const me = await createLoggedInUser(t.app);
      expect(me.cookie.startsWith('__Host-kuvert_session=')).toBe(true);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: me.email, password: me.password },
      });
      const header = String(login.headers['set-cookie']);
      expect(header).toMatch(/^__Host-kuvert_session=/);
      expect(header).toContain('Secure');
      expect(header).toContain('Path=/');
      expect(header).not.toContain('Domain');
      const session = await t.app.inject({
        url: '/api/auth/session',
        headers: { cookie: me.cookie },
      });
      expect(session.statusCode).toBe(200);
      const plainName = await t.app.inject({
        url: '/api/auth/session',
        headers: { cookie: me.cookie.replace('__Host-', '') },
      });
      expect(plainName.statusCode).toBe(401);
      const rightOrigin = await t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        headers: { ...me.headers, origin: 'https://kuvert.example' },
      });
      expect(rightOrigin.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('answers a failure inside the server with a bare INTERNAL error', async () => {
    const t = await createTestApp(engine);
    try {
      const me = await createLoggedInUser(t.app);
      await sql`drop table audit_events`.execute(t.app.db);
      const response = await t.app.inject({
        url: '/api/profile/audit-events',
        headers: { cookie: me.cookie },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ code: 'INTERNAL', message: expect.any(String) });
      expect(response.body).not.toMatch(/audit_events|stack|\.ts/);
    } finally {
      await t.close();
    }
  });
});
