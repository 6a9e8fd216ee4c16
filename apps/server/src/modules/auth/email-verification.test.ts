import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { createLoggedInUser, createUserWithPassword, linkIn, login } from '../../test/factories.ts';
import { inviteUser, sendEmailVerification } from '../users/users.service.ts';

describe.each(testEngines)('auth: e-mail verification (%s)', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());

  const verifyPrefix = 'http://localhost:3000/verify/email?token=';

  function tokenMailedTo(email: string): string {
    const link = linkIn(t.mailer.lastTo(email).text, verifyPrefix);
    return decodeURIComponent(link.slice(verifyPrefix.length));
  }
  function info(token: string) {
    return t.app.inject({ url: `/api/auth/email-verification?token=${encodeURIComponent(token)}` });
  }
  function confirm(payload: Record<string, string>) {
    return t.app.inject({ method: 'POST', url: '/api/auth/email-verification', payload });
  }

  it('takes an invited person from the mailed link to a first login', async () => {
    await inviteUser(t.app, { email: 'New.Person@Example.com', firstName: 'Nina' });
    const token = tokenMailedTo('new.person@example.com');

    const described = await info(token);
    expect(described.statusCode).toBe(200);
    // The names the operator invited with start the form; the person may change them.
    expect(described.json()).toEqual({
      email: 'new.person@example.com',
      purpose: 'invitation',
      needs_password: true,
      first_name: 'Nina',
      last_name: null,
    });
    // Reading the link does not use it up.
    expect((await info(token)).statusCode).toBe(200);

    const missingPassword = await confirm({ token });
    expect(missingPassword.statusCode).toBe(400);
    expect(missingPassword.json().code).toBe('VALIDATION_FAILED');

    const confirmed = await confirm({
      token,
      password: 'my first password',
      first_name: 'Nina',
      last_name: 'Neu',
    });
    expect(confirmed.statusCode).toBe(204);
    const session = await login(t.app, 'new.person@example.com', 'my first password');
    expect(session.body.first_name).toBe('Nina');
    expect(session.body.accounts).toEqual([
      expect.objectContaining({ name: 'Nina Neu', kind: 'personal' }),
    ]);
    const profile = await t.app.inject({
      url: '/api/profile',
      headers: { cookie: session.cookie },
    });
    expect(profile.json()).toMatchObject({ email_verified: true, last_name: 'Neu' });

    const reused = await confirm({ token, password: 'another password' });
    expect(reused.json().code).toBe('TOKEN_INVALID');
    expect((await info(token)).json().code).toBe('TOKEN_INVALID');
  });

  it('lets an invitation expire after seven days', async () => {
    await inviteUser(t.app, { email: 'late@example.com' });
    const token = tokenMailedTo('late@example.com');
    t.clock.advanceSeconds(7 * 24 * 3600 + 1);
    expect((await info(token)).json().code).toBe('TOKEN_INVALID');
    expect((await confirm({ token, password: 'my first password' })).json().code).toBe(
      'TOKEN_INVALID',
    );
  });

  it('switches to a new address on an e-mail change, unless somebody took it meanwhile', async () => {
    const { user, email, password } = await createUserWithPassword(t.app);
    await sendEmailVerification(t.app, user, 'changed@example.com');
    const token = tokenMailedTo('changed@example.com');
    expect((await info(token)).json()).toEqual({
      email: 'changed@example.com',
      purpose: 'email_change',
      needs_password: false,
      first_name: null,
      last_name: null,
    });

    await createUserWithPassword(t.app, { email: 'changed@example.com' });
    const taken = await confirm({ token });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('EMAIL_TAKEN');

    await t.app.db.deleteFrom('users').where('email', '=', 'changed@example.com').execute();
    expect((await confirm({ token })).statusCode).toBe(204);
    await expect(login(t.app, 'changed@example.com', password)).resolves.toBeDefined();
    await expect(login(t.app, email, password)).rejects.toThrow(/401/);
  });

  it('confirms the current address of a user who has a password', async () => {
    const { user, email } = await createLoggedInUser(t.app, { isEmailVerified: false });
    await sendEmailVerification(t.app, user, email);
    const token = tokenMailedTo(email);
    expect((await info(token)).json()).toMatchObject({ purpose: 'signup', needs_password: false });
    expect((await confirm({ token })).statusCode).toBe(204);
    const row = await t.app.db
      .selectFrom('users')
      .select('email_verified_at')
      .where('id', '=', user.id)
      .executeTakeFirst();
    expect(row?.email_verified_at).not.toBeNull();
  });

  it('rejects a made-up token', async () => {
    const response = await info('not-a-real-token');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('TOKEN_INVALID');
  });
});
