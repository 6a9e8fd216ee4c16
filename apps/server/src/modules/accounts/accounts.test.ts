import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { createLoggedInUser } from '../../test/factories.ts';
import { createAccount } from './accounts.service.ts';

describe.each(testEngines)('accounts (%s)', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());

  it('lists only the accounts the caller belongs to, with their role', async () => {
    const me = await createLoggedInUser(t.app, { firstName: 'Kim', lastName: 'Berg' });
    const stranger = await createLoggedInUser(t.app);
    await createAccount(t.app, t.app.db, {
      name: 'Berg GmbH',
      kind: 'shared',
      userId: me.user.id,
      role: 'viewer',
    });
    await createAccount(t.app, t.app.db, {
      name: 'Not mine',
      kind: 'shared',
      userId: stranger.user.id,
    });

    const response = await t.app.inject({ url: '/api/accounts', headers: { cookie: me.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json().accounts).toEqual([
      { id: expect.any(String), name: 'Kim Berg', kind: 'personal', role: 'owner', is_own: true },
      { id: expect.any(String), name: 'Berg GmbH', kind: 'shared', role: 'viewer', is_own: false },
    ]);
  });
});
