import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { createLoggedInUser } from '../../test/factories.ts';
import { createAccount } from '../accounts/accounts.service.ts';
import {
  addMemberToPersonalAccount,
  findPersonalAccountByEmail,
} from './personal-mailbox.service.ts';

describe.each(testEngines)('personal mailboxes (%s)', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());

  it("lists a person's own mailbox first, and another's shared with them as not their own", async () => {
    // Anna's mailbox is older than Ben's, and comes first by name: Ben's own still leads.
    const anna = await createLoggedInUser(t.app, { firstName: 'Anna', lastName: 'Alt' });
    t.clock.advanceSeconds(60);
    const ben = await createLoggedInUser(t.app, { firstName: 'Ben', lastName: 'Berg' });
    t.clock.advanceSeconds(60);
    await createAccount(t.app, t.app.db, {
      name: 'Aaa Verein',
      kind: 'shared',
      userId: ben.user.id,
    });
    for (const role of ['viewer', 'owner'] as const) {
      await addMemberToPersonalAccount(t.app, {
        ownerEmail: anna.email,
        memberEmail: ben.email,
        role,
      });
      const response = await t.app.inject({
        url: '/api/accounts',
        headers: { cookie: ben.cookie },
      });
      expect(response.json().accounts).toEqual([
        expect.objectContaining({ name: 'Ben Berg', kind: 'personal', is_own: true }),
        expect.objectContaining({ name: 'Aaa Verein', kind: 'shared', is_own: false }),
        expect.objectContaining({ name: 'Anna Alt', kind: 'personal', role, is_own: false }),
      ]);
    }
    // Made an owner of Anna's mailbox, Ben still receives his own letters in his own.
    const bens = await findPersonalAccountByEmail(t.app.db, ben.email);
    const own = (await t.app.inject({ url: '/api/accounts', headers: { cookie: ben.cookie } }))
      .json()
      .accounts.find((account: { is_own: boolean }) => account.is_own);
    expect(bens?.accountId).toBe(own.id);
  });

  it('refuses to share with someone who has no account, or with the owner', async () => {
    const anna = await createLoggedInUser(t.app, { firstName: 'Anna', lastName: 'Alt' });
    await expect(
      addMemberToPersonalAccount(t.app, {
        ownerEmail: anna.email,
        memberEmail: 'nobody@example.test',
        role: 'viewer',
      }),
    ).rejects.toThrow('No Kuvert user has the e-mail nobody@example.test.');
    await expect(
      addMemberToPersonalAccount(t.app, {
        ownerEmail: anna.email,
        memberEmail: anna.email,
        role: 'owner',
      }),
    ).rejects.toThrow('The owner of the account is a member already.');
    expect(await findPersonalAccountByEmail(t.app.db, 'nobody@example.test')).toBeUndefined();
  });
});
