import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as passwords from '../../plugins/passwords.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { createLoggedInUser, login } from '../../test/factories.ts';
import { scheduleSecurityLogPrune } from './security-log-retention.ts';

describe.each(testEngines)('profile (%s)', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());

  function changePassword(headers: Record<string, string>, current: string, next: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/profile/password',
      headers,
      payload: { current_password: current, new_password: next },
    });
  }

  it('shows the profile and saves name and language', async () => {
    const me = await createLoggedInUser(t.app, { firstName: 'Ada', lastName: 'Lovelace' });
    const shown = await t.app.inject({ url: '/api/profile', headers: { cookie: me.cookie } });
    expect(shown.json()).toEqual({
      id: me.user.id,
      email: me.email,
      email_verified: true,
      first_name: 'Ada',
      last_name: 'Lovelace',
      language: 'en',
      address: null,
      created_at: me.user.created_at,
    });

    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: me.headers,
      payload: { first_name: ' Augusta ', last_name: 'King', language: 'de' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      first_name: 'Augusta',
      last_name: 'King',
      language: 'de',
    });
    const session = await t.app.inject({
      url: '/api/auth/session',
      headers: { cookie: me.cookie },
    });
    expect(session.json()).toMatchObject({ first_name: 'Augusta', language: 'de' });
    expect(session.json().accounts[0].name).toBe('Augusta King');
  });

  it('saves, validates and removes the postal address', async () => {
    const me = await createLoggedInUser(t.app, { firstName: 'Ada', lastName: 'Lovelace' });
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: '/api/profile', headers: me.headers, payload });
    const address = { street: 'Hauptstraße 5', postcode: '10115', city: 'Berlin', country: 'DE' };

    const saved = await patch({ address });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().address).toEqual(address);
    expect(
      (await t.app.inject({ url: '/api/profile', headers: me.headers })).json().address,
    ).toEqual(address);

    const wrongPostcode = await patch({ address: { ...address, postcode: '1011' } });
    expect(wrongPostcode.statusCode).toBe(400);
    expect(wrongPostcode.json().details).toContainEqual(
      expect.objectContaining({
        path: 'body.address.postcode',
        i18n: 'validation.postcode',
        values: expect.objectContaining({ country: 'DE', example: '10115' }),
      }),
    );
    const noCity = await patch({ address: { ...address, city: ' ' } });
    expect(noCity.statusCode).toBe(400);
    expect(noCity.json().details.map((detail: { path: string }) => detail.path)).toContain(
      'body.address.city',
    );
    const badCountry = await patch({ address: { ...address, country: 'XX' } });
    expect(badCountry.statusCode).toBe(400);
    // Refused input changed nothing.
    expect(
      (await t.app.inject({ url: '/api/profile', headers: me.headers })).json().address,
    ).toEqual(address);

    // Saving the name alone keeps the address; null removes it.
    const renamed = await patch({ first_name: 'Augusta' });
    expect(renamed.json().address).toEqual(address);
    const removed = await patch({ address: null });
    expect(removed.json().address).toBeNull();
  });

  it('rejects an empty first name', async () => {
    const me = await createLoggedInUser(t.app);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: me.headers,
      payload: { first_name: '  ', last_name: '', language: 'en' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
    expect(response.json().details).toEqual([expect.objectContaining({ path: 'body.first_name' })]);
  });

  describe('password change', () => {
    it('logs out the other devices and keeps this one', async () => {
      const me = await createLoggedInUser(t.app);
      const other = await login(t.app, me.email, me.password);
      const changed = await changePassword(me.headers, me.password, 'a much better secret');
      expect(changed.statusCode).toBe(204);
      expect(
        (await t.app.inject({ url: '/api/auth/session', headers: { cookie: me.cookie } }))
          .statusCode,
      ).toBe(200);
      expect(
        (await t.app.inject({ url: '/api/auth/session', headers: { cookie: other.cookie } }))
          .statusCode,
      ).toBe(401);
      await expect(login(t.app, me.email, 'a much better secret')).resolves.toBeDefined();
    });

    it('needs the right current password, and limits guessing it', async () => {
      const me = await createLoggedInUser(t.app);
      const wrong = await changePassword(me.headers, 'not my password', 'a much better secret');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().code).toBe('PASSWORD_WRONG');
      for (let i = 1; i < t.config.loginMaxAttemptsPerAccount; i += 1) {
        await changePassword(me.headers, 'not my password', 'a much better secret');
      }
      const limited = await changePassword(me.headers, me.password, 'a much better secret');
      expect(limited.statusCode).toBe(429);
    });

    it('checks no more than the limit of 40 parallel wrong current passwords', async () => {
      const me = await createLoggedInUser(t.app);
      const max = t.config.loginMaxAttemptsPerAccount;
      const passwordChecks = vi.spyOn(passwords, 'verifyPassword');
      try {
        const responses = await Promise.all(
          Array.from({ length: 40 }, () =>
            changePassword(me.headers, 'not my password', 'a much better secret'),
          ),
        );
        const codes = responses.map((response) => response.json().code);
        expect(codes.filter((code) => code === 'PASSWORD_WRONG')).toHaveLength(max);
        expect(codes.filter((code) => code === 'RATE_LIMITED')).toHaveLength(40 - max);
        for (const response of responses.filter((r) => r.statusCode !== 400)) {
          expect(response.statusCode).toBe(429);
          expect(response.headers['retry-after']).toBeDefined();
          expect(response.json()).toEqual({
            code: 'RATE_LIMITED',
            message: expect.any(String),
            details: { retry_after_seconds: expect.any(Number) },
          });
        }
        expect(passwordChecks).toHaveBeenCalledTimes(max);
        // Locked: the right current password is refused too, without being checked.
        const locked = await changePassword(me.headers, me.password, 'a much better secret');
        expect(locked.statusCode).toBe(429);
        expect(passwordChecks).toHaveBeenCalledTimes(max);
      } finally {
        passwordChecks.mockRestore();
      }
    });

    it('does not count a right current password with a weak new one as a guess', async () => {
      const me = await createLoggedInUser(t.app);
      for (let i = 0; i <= t.config.loginMaxAttemptsPerAccount; i += 1) {
        const weak = await changePassword(me.headers, me.password, me.email);
        expect(weak.json().code).toBe('PASSWORD_TOO_WEAK');
      }
      const changed = await changePassword(me.headers, me.password, 'a much better secret');
      expect(changed.statusCode).toBe(204);
    });

    it('refuses the e-mail address as the new password', async () => {
      const me = await createLoggedInUser(t.app);
      const response = await changePassword(me.headers, me.password, me.email);
      expect(response.json().code).toBe('PASSWORD_TOO_WEAK');
    });
  });

  describe('sessions', () => {
    it('lists the active sessions, marks this one and revokes another', async () => {
      const me = await createLoggedInUser(t.app);
      const phone = await login(t.app, me.email, me.password, { 'user-agent': 'Phone/1.0' });
      const loggedOut = await login(t.app, me.email, me.password);
      await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: loggedOut.headers });

      const listed = await t.app.inject({
        url: '/api/profile/sessions',
        headers: { cookie: me.cookie },
      });
      const sessions = listed.json().sessions;
      expect(sessions).toHaveLength(2);
      expect(sessions.find((s: { is_current: boolean }) => s.is_current).id).toBe(me.loginToken);
      expect(sessions.find((s: { id: string }) => s.id === phone.loginToken)).toMatchObject({
        is_current: false,
        user_agent: 'Phone/1.0',
        ip_address: '127.0.0.1',
      });

      const revoked = await t.app.inject({
        method: 'DELETE',
        url: `/api/profile/sessions/${phone.loginToken}`,
        headers: me.headers,
      });
      expect(revoked.statusCode).toBe(204);
      expect(
        (await t.app.inject({ url: '/api/auth/session', headers: { cookie: phone.cookie } }))
          .statusCode,
      ).toBe(401);
      const after = await t.app.inject({
        url: '/api/profile/sessions',
        headers: { cookie: me.cookie },
      });
      expect(after.json().sessions).toHaveLength(1);
    });

    it("answers 404 for somebody else's session and leaves it alone", async () => {
      const me = await createLoggedInUser(t.app);
      const stranger = await createLoggedInUser(t.app);
      const response = await t.app.inject({
        method: 'DELETE',
        url: `/api/profile/sessions/${stranger.loginToken}`,
        headers: me.headers,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('SESSION_NOT_FOUND');
      expect(
        (await t.app.inject({ url: '/api/auth/session', headers: { cookie: stranger.cookie } }))
          .statusCode,
      ).toBe(200);
    });

    it('logs out every other device at once, keeps this one, and says so in the log', async () => {
      const me = await createLoggedInUser(t.app);
      const others = await Promise.all(
        ['Phone/1.0', 'Tablet/2.0', 'Laptop/3.0'].map((agent) =>
          login(t.app, me.email, me.password, { 'user-agent': agent }),
        ),
      );
      t.clock.advanceSeconds(1);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/profile/sessions/log-out-others',
        headers: me.headers,
      });
      expect(response.statusCode).toBe(204);

      for (const other of others) {
        const session = await t.app.inject({
          url: '/api/auth/session',
          headers: { cookie: other.cookie },
        });
        expect(session.statusCode).toBe(401);
      }
      const listed = await t.app.inject({
        url: '/api/profile/sessions',
        headers: { cookie: me.cookie },
      });
      expect(listed.json().sessions.map((s: { id: string }) => s.id)).toEqual([me.loginToken]);
      const log = await t.app.inject({
        url: '/api/profile/audit-events',
        headers: { cookie: me.cookie },
      });
      expect(log.json().events[0].type).toBe('other_sessions_revoked');
    });

    it('does not list expired sessions', async () => {
      const me = await createLoggedInUser(t.app);
      t.clock.advanceSeconds(t.config.sessionIdleSeconds - 60);
      const fresh = await login(t.app, me.email, me.password);
      t.clock.advanceSeconds(120);
      const listed = await t.app.inject({
        url: '/api/profile/sessions',
        headers: { cookie: fresh.cookie },
      });
      expect(listed.json().sessions.map((s: { id: string }) => s.id)).toEqual([fresh.loginToken]);
    });
  });

  it('logs a name change as a security event, but not a switch of language', async () => {
    const me = await createLoggedInUser(t.app);
    for (const language of ['de', 'en', 'de']) {
      await t.app.inject({
        method: 'PATCH',
        url: '/api/profile',
        headers: me.headers,
        payload: { language },
      });
    }
    t.clock.advanceSeconds(1);
    // The profile form sends the name again with the language: still no name change.
    const profile = (await t.app.inject({ url: '/api/profile', headers: me.headers })).json();
    await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: me.headers,
      payload: { first_name: profile.first_name, last_name: profile.last_name, language: 'en' },
    });
    await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: me.headers,
      payload: { first_name: 'Renamed' },
    });
    const log = await t.app.inject({
      url: '/api/profile/audit-events',
      headers: { cookie: me.cookie },
    });
    expect(log.json().events.map((event: { type: string }) => event.type)).toEqual([
      'profile_updated',
      'login_succeeded',
    ]);
  });

  it('forgets security events after a year, and keeps the younger ones', async () => {
    const me = await createLoggedInUser(t.app);
    t.clock.advanceSeconds(200 * 24 * 3600);
    await login(t.app, me.email, me.password);
    t.clock.advanceSeconds(170 * 24 * 3600);
    await scheduleSecurityLogPrune(t.app);
    await t.app.jobs.runDueJobs();
    const log = await t.app.inject({
      url: '/api/profile/audit-events',
      headers: { cookie: (await login(t.app, me.email, me.password)).cookie },
    });
    // The first login (370 days ago) is gone; the one of 170 days ago and today's stay.
    expect(log.json().events.map((event: { type: string }) => event.type)).toEqual([
      'login_succeeded',
      'login_succeeded',
    ]);
  });

  it('shows the latest security events, newest first, only the caller’s', async () => {
    const me = await createLoggedInUser(t.app);
    await createLoggedInUser(t.app);
    t.clock.advanceSeconds(5);
    await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: me.headers,
      payload: { first_name: 'New', last_name: 'Name', language: 'en' },
    });
    const response = await t.app.inject({
      url: '/api/profile/audit-events',
      headers: { cookie: me.cookie },
    });
    const events = response.json().events;
    expect(events.map((event: { type: string }) => event.type)).toEqual([
      'profile_updated',
      'login_succeeded',
    ]);
    expect(events[0]).toMatchObject({ ip_address: '127.0.0.1', user_agent: 'lightMyRequest' });
  });
});
