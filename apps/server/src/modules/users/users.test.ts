import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { createUserWithPassword } from '../../test/factories.ts';
import { inviteUser } from './users.service.ts';

describe.each(testEngines)('users: invitations (%s)', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());

  it('creates the user without a password, with a personal account, and mails the link', async () => {
    const { user, isResent } = await inviteUser(t.app, {
      email: ' Eva@Example.com',
      firstName: 'Eva',
      lastName: 'Ernst',
      language: 'de',
    });
    expect(isResent).toBe(false);
    expect(user).toMatchObject({
      email: 'eva@example.com',
      password_hash: null,
      email_verified_at: null,
      language: 'de',
    });
    const accounts = await t.app.db
      .selectFrom('memberships')
      .innerJoin('accounts', 'accounts.id', 'memberships.account_id')
      .select(['accounts.name', 'accounts.kind', 'memberships.role'])
      .where('memberships.user_id', '=', user.id)
      .execute();
    expect(accounts).toEqual([{ name: 'Eva Ernst', kind: 'personal', role: 'owner' }]);
    const mail = t.mailer.lastTo('eva@example.com');
    expect(mail.subject).toBe('Ihre Einladung zu Kuvert');
    expect(mail.text).toContain('http://localhost:3000/verify/email?token=');
  });

  it('re-sends to an invited user who has not accepted, with a new link', async () => {
    await inviteUser(t.app, { email: 'eva@example.com' });
    const first = t.mailer.lastTo('eva@example.com').text;
    const again = await inviteUser(t.app, { email: 'eva@example.com' });
    expect(again.isResent).toBe(true);
    expect(t.mailer.sent).toHaveLength(2);
    expect(t.mailer.lastTo('eva@example.com').text).not.toBe(first);
    const users = await t.app.db.selectFrom('users').select('id').execute();
    expect(users).toHaveLength(1);
  });

  it('refuses to invite an address that already has a verified login', async () => {
    const { email } = await createUserWithPassword(t.app);
    await expect(inviteUser(t.app, { email })).rejects.toMatchObject({ code: 'EMAIL_TAKEN' });
    expect(t.mailer.sent).toHaveLength(0);
  });
});
