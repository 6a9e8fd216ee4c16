import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { createLoggedInUser, createUserWithPassword, linkIn, login } from '../../test/factories.ts';

describe.each(testEngines)('auth: password reset (%s)', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());

  const resetPrefix = 'http://localhost:3000/reset/password/';

  function requestReset(email: string) {
    return t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email } });
  }
  function confirm(token: string, password: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token, password },
    });
  }
  async function mailedToken(email: string): Promise<string> {
    return linkIn(t.mailer.lastTo(email).text, resetPrefix).slice(resetPrefix.length);
  }

  it('resets the password through the mailed link and ends every session', async () => {
    const { email, password, user } = await createLoggedInUser(t.app, { isEmailVerified: false });
    const otherDevice = await login(t.app, email, password);

    const requested = await requestReset(email);
    expect(requested.statusCode).toBe(202);
    const mail = t.mailer.lastTo(email);
    expect(mail.subject).toMatch(/reset/i);
    expect(mail.html).toContain(resetPrefix);
    const token = await mailedToken(email);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);

    expect((await confirm(token, 'a brand new secret')).statusCode).toBe(204);
    expect(
      (await t.app.inject({ url: '/api/auth/session', headers: { cookie: otherDevice.cookie } }))
        .statusCode,
    ).toBe(401);
    await expect(login(t.app, email, password)).rejects.toThrow(/401/);
    const fresh = await login(t.app, email, 'a brand new secret');
    const profile = await t.app.inject({ url: '/api/profile', headers: { cookie: fresh.cookie } });
    expect(profile.json().email_verified).toBe(true);
    const events = await t.app.db
      .selectFrom('audit_events')
      .select('type')
      .where('user_id', '=', user.id)
      .execute();
    expect(events.map((event) => event.type)).toContain('password_reset');
  });

  it('answers an unknown e-mail exactly like a known one, and mails nobody', async () => {
    const { email } = await createUserWithPassword(t.app);
    const known = await requestReset(email);
    const unknown = await requestReset('nobody@example.com');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['content-type']).toBe(known.headers['content-type']);
    expect(t.mailer.sent.map((mail) => mail.to)).toEqual([email]);
  });

  it('uses a token once only', async () => {
    const { email } = await createUserWithPassword(t.app);
    await requestReset(email);
    const token = await mailedToken(email);
    expect((await confirm(token, 'a brand new secret')).statusCode).toBe(204);
    const again = await confirm(token, 'another new secret');
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('TOKEN_INVALID');
  });

  it('lets a token expire after an hour', async () => {
    const { email } = await createUserWithPassword(t.app);
    await requestReset(email);
    const token = await mailedToken(email);
    t.clock.advanceSeconds(3601);
    expect((await confirm(token, 'a brand new secret')).json().code).toBe('TOKEN_INVALID');
  });

  it('makes an older link useless once a newer one is mailed', async () => {
    const { email } = await createUserWithPassword(t.app);
    await requestReset(email);
    const older = await mailedToken(email);
    await requestReset(email);
    const newer = await mailedToken(email);
    expect((await confirm(older, 'a brand new secret')).json().code).toBe('TOKEN_INVALID');
    expect((await confirm(newer, 'a brand new secret')).statusCode).toBe(204);
  });

  it('tells whether a link can still be used before a password is typed, without using it', async () => {
    const { email } = await createUserWithPassword(t.app);
    await requestReset(email);
    const token = await mailedToken(email);
    const check = (value: string) =>
      t.app.inject({ url: `/api/auth/password-reset?token=${encodeURIComponent(value)}` });
    const usable = await check(token);
    expect(usable.statusCode).toBe(200);
    expect(usable.json()).toEqual({ email });
    expect((await check(token)).statusCode).toBe(200);
    expect((await check('made-up-token')).json().code).toBe('TOKEN_INVALID');
    expect((await confirm(token, 'a brand new secret')).statusCode).toBe(204);
    expect((await check(token)).json().code).toBe('TOKEN_INVALID');
  });

  it('rejects a made-up token', async () => {
    expect((await confirm('made-up-token', 'a brand new secret')).json().code).toBe(
      'TOKEN_INVALID',
    );
  });

  it('refuses a weak password and keeps the token usable', async () => {
    const { email } = await createUserWithPassword(t.app);
    await requestReset(email);
    const token = await mailedToken(email);
    for (const weak of [email, 'Password123', 'aaaaaaaaaaaa']) {
      const response = await confirm(token, weak);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('PASSWORD_TOO_WEAK');
    }
    expect((await confirm(token, 'short')).json().code).toBe('VALIDATION_FAILED');
    expect((await confirm(token, 'a brand new secret')).statusCode).toBe(204);
  });

  it('limits reset requests per client address', async () => {
    await t.close();
    t = await createTestApp(engine, { LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '2' });
    expect((await requestReset('a@example.com')).statusCode).toBe(202);
    expect((await requestReset('b@example.com')).statusCode).toBe(202);
    const limited = await requestReset('c@example.com');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('counts no more than the limit of 40 parallel reset requests from one address', async () => {
    await t.close();
    t = await createTestApp(engine, { LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '5' });
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => requestReset(`person${i}@example.com`)),
    );
    expect(responses.filter((response) => response.statusCode === 202)).toHaveLength(5);
    const limited = responses.filter((response) => response.statusCode !== 202);
    expect(limited).toHaveLength(35);
    for (const response of limited) {
      expect(response.statusCode).toBe(429);
      expect(response.headers['retry-after']).toBeDefined();
      expect(response.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.any(String) });
    }
    const hits = await t.app.db
      .selectFrom('rate_limit_hits')
      .select('key')
      .where('key', 'like', 'password_reset:%')
      .execute();
    // Refused requests counted nothing: 5 on the address, one per e-mail that got through.
    expect(hits.filter((hit) => hit.key.startsWith('password_reset:address:'))).toHaveLength(5);
    expect(hits.filter((hit) => hit.key.startsWith('password_reset:account:'))).toHaveLength(5);
  });

  it('mails one account no more than 3 times for 40 parallel requests', async () => {
    await t.close();
    t = await createTestApp(engine, { LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '100' });
    const { email } = await createUserWithPassword(t.app);
    const responses = await Promise.all(Array.from({ length: 40 }, () => requestReset(email)));
    expect(responses.every((response) => response.statusCode === 202)).toBe(true);
    expect(t.mailer.sent.filter((mail) => mail.to === email)).toHaveLength(3);
  });

  it('unlocks a login that failed too often once the password is reset', async () => {
    const { email, password } = await createUserWithPassword(t.app);
    const failures = await Promise.all(
      Array.from({ length: t.config.loginMaxAttemptsPerAccount }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password: 'wrong password!' },
        }),
      ),
    );
    expect(failures.map((response) => response.statusCode)).toEqual(failures.map(() => 401));
    await expect(login(t.app, email, password)).rejects.toThrow(/429/);

    await requestReset(email);
    expect((await confirm(await mailedToken(email), 'a brand new secret')).statusCode).toBe(204);
    await expect(login(t.app, email, 'a brand new secret')).resolves.toBeDefined();
  });

  it('writes the mail in the language of the user', async () => {
    const { email } = await createUserWithPassword(t.app, { language: 'de', firstName: 'Jörg' });
    await requestReset(email);
    const mail = t.mailer.lastTo(email);
    expect(mail.subject).toBe('Ihr Kuvert-Passwort zurücksetzen');
    expect(mail.text).toContain('Hallo Jörg,');
  });
});
