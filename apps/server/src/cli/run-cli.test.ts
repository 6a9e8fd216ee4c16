import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, testEngines, type TestApp } from '../test/helper.ts';
import { runCli, type CliIo } from './run-cli.ts';

describe.each(testEngines)('kuvert command line (%s)', (engine) => {
  let t: TestApp;
  let out: string[];
  let errors: string[];
  let opened: number;
  const io: CliIo = { out: (text) => out.push(text), error: (text) => errors.push(text) };
  // The test keeps its app; the command must not close it.
  const openApp = async () => {
    opened += 1;
    return { app: t.app, close: async () => {} };
  };

  beforeEach(async () => {
    t = await createTestApp(engine);
    out = [];
    errors = [];
    opened = 0;
  });
  afterEach(async () => t.close());

  it('invites a user and says what it did', async () => {
    const code = await runCli(
      [
        'user',
        'invite',
        'Max@Example.com',
        '--first-name',
        'Max',
        '--last-name',
        'Mustermann',
        '--language',
        'de',
      ],
      io,
      openApp,
    );
    expect(code).toBe(0);
    expect(out.join('\n')).toMatch(/Invited max@example.com: created user/);
    expect(t.mailer.lastTo('max@example.com').subject).toBe('Ihre Einladung zu Kuvert');
    const user = await t.app.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'max@example.com')
      .executeTakeFirst();
    expect(user).toMatchObject({ first_name: 'Max', last_name: 'Mustermann', language: 'de' });
  });

  it('prints the usage and exits 2 for an unknown command, without opening the database', async () => {
    expect(await runCli(['provider', 'explode'], io, openApp)).toBe(2);
    expect(await runCli([], io, openApp)).toBe(2);
    expect(errors[0]).toContain('kuvert user invite <email>');
    expect(opened).toBe(0);
  });

  it('exits 2 on bad arguments', async () => {
    expect(await runCli(['user', 'invite', 'not-an-email'], io, openApp)).toBe(2);
    expect(await runCli(['user', 'invite', 'a@example.com', '--language', 'fr'], io, openApp)).toBe(
      2,
    );
    expect(
      await runCli(['user', 'invite', 'a@example.com', '--shoe-size', '44'], io, openApp),
    ).toBe(2);
    expect(t.mailer.sent).toHaveLength(0);
  });

  it('exits 1 when the address already has a login', async () => {
    await runCli(['user', 'invite', 'max@example.com'], io, openApp);
    await t.app.db
      .updateTable('users')
      .set({ email_verified_at: t.clock.now().toISOString() })
      .execute();
    expect(await runCli(['user', 'invite', 'max@example.com'], io, openApp)).toBe(1);
    expect(errors.join('\n')).toContain('EMAIL_TAKEN');
  });
});
