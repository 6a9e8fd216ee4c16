import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as passwords from '../../plugins/passwords.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { createLoggedInUser, createUserWithPassword, login } from '../../test/factories.ts';

describe.each(testEngines)('auth: login and sessions (%s)', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(engine, { SESSION_IDLE_MINUTES: '30', SESSION_ABSOLUTE_HOURS: '1' });
  });
  afterEach(async () => t.close());

  function attempt(email: string, password: string, headers: Record<string, string> = {}) {
    return t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers,
      payload: { email, password },
    });
  }

  it('logs in with the right password and answers the session the client stores', async () => {
    const { email, password, user } = await createUserWithPassword(t.app, { firstName: 'Ada' });
    const response = await attempt(`  ${email.toUpperCase()} `, password);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ first_name: 'Ada', language: 'en', expires_in: 1800 });
    expect(body.created_at).toBe(t.clock.now().toISOString());
    expect(body.csrf_token.length).toBeGreaterThanOrEqual(32);
    expect(body.accounts).toEqual([expect.objectContaining({ kind: 'personal', role: 'owner' })]);
    // The cookie holds a secret that is neither the login token nor the CSRF token.
    const cookie = response.cookies.find((c) => c.name === 'kuvert_session');
    expect(cookie?.value).toBeTruthy();
    expect([body.login_token, body.csrf_token]).not.toContain(cookie?.value);
    const stored = await t.app.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(cookie?.value);
  });

  it('answers the same 401 for a wrong password, an unknown e-mail and a user without password', async () => {
    const { email } = await createUserWithPassword(t.app);
    const invited = await createUserWithPassword(t.app, { isEmailVerified: false });
    await t.app.db
      .updateTable('users')
      .set({ password_hash: null })
      .where('id', '=', invited.user.id)
      .execute();
    for (const response of [
      await attempt(email, 'wrong password!'),
      await attempt('nobody@example.com', 'wrong password!'),
      await attempt(invited.email, 'wrong password!'),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: expect.any(String) });
      expect(response.cookies).toHaveLength(0);
    }
  });

  it('refuses a disabled user with the right password', async () => {
    const { email, password, user } = await createUserWithPassword(t.app);
    await t.app.db
      .updateTable('users')
      .set({ disabled_at: t.clock.now().toISOString() })
      .where('id', '=', user.id)
      .execute();
    const response = await attempt(email, password);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('gives a new session id at every login and replaces the session of the cookie sent along', async () => {
    const { email, password } = await createUserWithPassword(t.app);
    const first = await login(t.app, email, password);
    const second = await login(t.app, email, password, { cookie: first.cookie });
    expect(second.loginToken).not.toBe(first.loginToken);
    expect(second.cookie).not.toBe(first.cookie);
    const old = await t.app.inject({ url: '/api/auth/session', headers: { cookie: first.cookie } });
    expect(old.statusCode).toBe(401);
  });

  it('locks an account after too many failed attempts, before checking the password', async () => {
    const { email, password } = await createUserWithPassword(t.app);
    for (let i = 0; i < t.config.loginMaxAttemptsPerAccount; i += 1) {
      expect((await attempt(email, 'wrong password!')).statusCode).toBe(401);
    }
    const locked = await attempt(email, password);
    expect(locked.statusCode).toBe(429);
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(t.config.loginWindowSeconds);
    expect(locked.json()).toMatchObject({
      code: 'RATE_LIMITED',
      details: { retry_after_seconds: retryAfter },
    });
    // The same account written differently is the same account.
    expect((await attempt(` ${email.toUpperCase()}`, password)).statusCode).toBe(429);

    t.clock.advanceSeconds(retryAfter);
    expect((await attempt(email, password)).statusCode).toBe(200);
  });

  it('clears the failed attempts of an account at a successful login', async () => {
    const { email, password } = await createUserWithPassword(t.app);
    for (let i = 0; i < t.config.loginMaxAttemptsPerAccount - 1; i += 1)
      await attempt(email, 'wrong password!');
    expect((await attempt(email, password)).statusCode).toBe(200);
    for (let i = 0; i < t.config.loginMaxAttemptsPerAccount - 1; i += 1)
      await attempt(email, 'wrong password!');
    expect((await attempt(email, password)).statusCode).toBe(200);
  });

  it('records login_succeeded and login_failed in the audit log', async () => {
    const { email, password, user } = await createUserWithPassword(t.app);
    await attempt(email, 'wrong password!');
    await login(t.app, email, password);
    const events = await t.app.db
      .selectFrom('audit_events')
      .select('type')
      .where('user_id', '=', user.id)
      .execute();
    expect(events.map((event) => event.type).toSorted()).toEqual([
      'login_failed',
      'login_succeeded',
    ]);
  });

  it('ends a session after the idle timeout', async () => {
    const session = await createLoggedInUser(t.app);
    t.clock.advanceSeconds(29 * 60);
    expect(
      (await t.app.inject({ url: '/api/auth/session', headers: { cookie: session.cookie } }))
        .statusCode,
    ).toBe(200);
    t.clock.advanceSeconds(61);
    const expired = await t.app.inject({
      url: '/api/auth/session',
      headers: { cookie: session.cookie },
    });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('UNAUTHENTICATED');
  });

  it('slides the idle expiry on refresh, but never past the absolute timeout', async () => {
    const session = await createLoggedInUser(t.app);
    const refresh = () =>
      t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: session.headers });

    t.clock.advanceSeconds(25 * 60);
    const first = await refresh();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      expires_in: 1800,
      created_at: t.clock.now().toISOString(),
    });
    expect(first.json().csrf_token).toBe(session.csrf);

    t.clock.advanceSeconds(25 * 60); // 50 minutes in: alive only thanks to the refresh
    const second = await refresh();
    expect(second.statusCode).toBe(200);
    expect(second.json().expires_in).toBe(10 * 60); // the absolute hour caps it

    t.clock.advanceSeconds(10 * 60);
    expect((await refresh()).statusCode).toBe(401);
  });

  it('reads the session without extending it', async () => {
    const session = await createLoggedInUser(t.app);
    t.clock.advanceSeconds(600);
    const read = await t.app.inject({
      url: '/api/auth/session',
      headers: { cookie: session.cookie },
    });
    expect(read.json()).toMatchObject({ expires_in: 1200, login_token: session.loginToken });
    t.clock.advanceSeconds(1200);
    expect(
      (await t.app.inject({ url: '/api/auth/session', headers: { cookie: session.cookie } }))
        .statusCode,
    ).toBe(401);
  });

  it('logs out: the cookie is cleared and no longer works', async () => {
    const session = await createLoggedInUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: session.headers,
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const cleared = response.cookies.find((c) => c.name === 'kuvert_session');
    expect(cleared?.value).toBe('');
    const after = await t.app.inject({ url: '/api/accounts', headers: { cookie: session.cookie } });
    expect(after.statusCode).toBe(401);
    const events = await t.app.db
      .selectFrom('audit_events')
      .select('type')
      .where('user_id', '=', session.user.id)
      .execute();
    expect(events.map((event) => event.type)).toContain('logout');
  });
});

describe.each(testEngines)('auth: limits per client address (%s)', (engine) => {
  let t: TestApp;
  afterEach(async () => t.close());

  async function failFrom(forwardedFor: string, index: number) {
    return t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { email: `guess${index}@example.com`, password: 'wrong password!' },
    });
  }

  it('limits one address across many accounts, whatever X-Forwarded-For says', async () => {
    t = await createTestApp(engine, { LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '3' });
    for (let i = 0; i < 3; i += 1)
      expect((await failFrom(`203.0.113.${i}`, i)).statusCode).toBe(401);
    const { email, password } = await createUserWithPassword(t.app);
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-forwarded-for': '198.51.100.7' },
      payload: { email, password },
    });
    expect(blocked.statusCode).toBe(429);
  });

  it('believes X-Forwarded-For from a configured proxy', async () => {
    t = await createTestApp(engine, {
      LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '3',
      TRUST_PROXY: '127.0.0.1',
    });
    for (let i = 0; i < 3; i += 1) expect((await failFrom('203.0.113.1', i)).statusCode).toBe(401);
    expect((await failFrom('203.0.113.1', 3)).statusCode).toBe(429);
    expect((await failFrom('203.0.113.2', 4)).statusCode).toBe(401);
  });
});

/** Counts every password check: against a stored hash, or the dummy one of unknown e-mails. */
function spyOnPasswordChecks(): () => number {
  const verify = vi.spyOn(passwords, 'verifyPassword');
  const spend = vi.spyOn(passwords, 'spendPasswordVerification');
  return () => verify.mock.calls.length + spend.mock.calls.length;
}

function statusCounts(responses: { statusCode: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { statusCode } of responses) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
}

function expectRateLimited(response: {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): unknown;
}) {
  expect(response.statusCode).toBe(429);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  expect(response.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.any(String) });
}

describe.each(testEngines)('auth: limits under parallel attempts (%s)', (engine) => {
  const PARALLEL = 40;
  let t: TestApp;
  afterEach(async () => {
    vi.restoreAllMocks();
    await t.close();
  });

  function attempt(email: string, password: string) {
    return t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  }

  async function hitCount(keyPattern: string): Promise<number> {
    const rows = await t.app.db
      .selectFrom('rate_limit_hits')
      .select('id')
      .where('key', 'like', keyPattern)
      .execute();
    return rows.length;
  }

  it('checks no more than the limit of 40 parallel wrong passwords for one account', async () => {
    t = await createTestApp(engine);
    const max = t.config.loginMaxAttemptsPerAccount;
    const { email, password, user } = await createUserWithPassword(t.app);
    const passwordChecks = spyOnPasswordChecks();

    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, () => attempt(email, 'wrong password!')),
    );
    expect(statusCounts(responses)).toEqual({ 401: max, 429: PARALLEL - max });
    for (const response of responses.filter((r) => r.statusCode === 429)) {
      expectRateLimited(response);
    }
    // Every attempt that got through is one password check and one audit event; no more.
    expect(passwordChecks()).toBe(max);
    const failures = await t.app.db
      .selectFrom('audit_events')
      .select('id')
      .where('user_id', '=', user.id)
      .where('type', '=', 'login_failed')
      .execute();
    expect(failures).toHaveLength(max);
    expect(await hitCount('login:account:%')).toBe(max);
    // All or nothing: a refused attempt reserved no hit on the address either.
    expect(await hitCount('login:address:%')).toBe(max);

    // Locked: the right password is refused too, without being checked.
    expectRateLimited(await attempt(email, password));
    expect(passwordChecks()).toBe(max);
  });

  it('checks no more than the limit of 40 parallel guesses from one address', async () => {
    const max = 10;
    t = await createTestApp(engine, { LOGIN_MAX_ATTEMPTS_PER_ADDRESS: String(max) });
    const { email, password } = await createUserWithPassword(t.app);
    const passwordChecks = spyOnPasswordChecks();

    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => attempt(`guess${i}@example.com`, 'wrong!!!')),
    );
    expect(statusCounts(responses)).toEqual({ 401: max, 429: PARALLEL - max });
    for (const response of responses.filter((r) => r.statusCode === 429)) {
      expectRateLimited(response);
    }
    // Unknown e-mails spend a hash like known ones, and only those that got through.
    expect(passwordChecks()).toBe(max);
    expect(await hitCount('login:address:%')).toBe(max);
    expect(await hitCount('login:account:%')).toBe(max);

    expectRateLimited(await attempt(email, password));
    expect(passwordChecks()).toBe(max);
  });

  it('gives back the address hit of a successful login', async () => {
    t = await createTestApp(engine, { LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '3' });
    const { email, password } = await createUserWithPassword(t.app);
    for (let i = 0; i < 5; i += 1) expect((await attempt(email, password)).statusCode).toBe(200);
    expect(await hitCount('login:%')).toBe(0);
    // Failures still count against the address.
    for (let i = 0; i < 3; i += 1) {
      expect((await attempt(`guess${i}@example.com`, 'wrong!!!')).statusCode).toBe(401);
    }
    expectRateLimited(await attempt(email, password));
  });
});
