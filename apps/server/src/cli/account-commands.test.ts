import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLoggedInUser } from '../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../test/helper.ts';
import { personalAccountOf } from '../test/mailbox.ts';
import { runCli, type CliIo } from './run-cli.ts';

describe.each(testEngines)('kuvert account add-member (%s)', (engine) => {
  let t: TestApp;
  let out: string[];
  const io: CliIo = { out: (text) => out.push(text), error: (text) => out.push(text) };
  const openApp = async () => ({ app: t.app, close: async () => {} });
  const add = (...args: string[]) => runCli(['account', 'add-member', ...args], io, openApp);

  beforeEach(async () => {
    t = await createTestApp(engine);
    out = [];
  });
  afterEach(async () => t.close());

  it("shares the owner's personal account with a role the member then has", async () => {
    const owner = await createLoggedInUser(t.app);
    const viewer = await createLoggedInUser(t.app);
    const accountId = personalAccountOf(owner);
    const args = ['account', 'add-member', owner.email, viewer.email, '--role', 'viewer'];
    expect(await runCli(args, io, openApp)).toBe(0);
    expect(out.join('\n')).toContain(`${viewer.email} is now a viewer`);

    const accounts = await t.app.inject({
      url: '/api/accounts',
      headers: { cookie: viewer.cookie },
    });
    expect(accounts.json().accounts).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: accountId, role: 'viewer' })]),
    );
    // A viewer reads the shared mailbox but may not change it.
    const letters = await t.app.inject({
      url: `/api/letters?account_id=${accountId}&view=inbox`,
      headers: { cookie: viewer.cookie },
    });
    expect(letters.statusCode).toBe(200);

    out = [];
    const promote = ['account', 'add-member', owner.email, viewer.email, '--role', 'member'];
    expect(await runCli(promote, io, openApp)).toBe(0);
    const again = await t.app.inject({ url: '/api/accounts', headers: { cookie: viewer.cookie } });
    expect(again.json().accounts).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: accountId, role: 'member' })]),
    );
  });

  it('refuses unknown users, a bad role and the owner themself', async () => {
    const owner = await createLoggedInUser(t.app);
    expect(await add(owner.email, 'nobody@example.com')).toBe(1);
    expect(out.join('\n')).toContain('No Kuvert user has the e-mail nobody@example.com');
    expect(await add(owner.email, owner.email)).toBe(1);
    expect(await add(owner.email, 'x@example.com', '--role', 'admin')).toBe(2);
    expect(await add(owner.email)).toBe(2);
  });
});
