import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLoggedInUser, type CreatedUser, type LoggedIn } from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { createTestProvider, deliverTestLetter, personalAccountOf } from '../../test/mailbox.ts';

describe.each(testEngines)('folders (%s)', (engine) => {
  let t: TestApp;
  let me: CreatedUser & LoggedIn;
  let accountId: string;

  beforeEach(async () => {
    t = await createTestApp(engine);
    me = await createLoggedInUser(t.app);
    accountId = personalAccountOf(me);
  });
  afterEach(async () => t.close());

  const create = (name: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/folders',
      headers: me.headers,
      payload: { account_id: accountId, name },
    });
  const listFolders = async () =>
    (
      await t.app.inject({
        url: `/api/folders?account_id=${accountId}`,
        headers: { cookie: me.cookie },
      })
    ).json().folders;

  it('creates, counts, renames and deletes folders; letters go back to the inbox', async () => {
    const taxes = await create('Taxes');
    expect(taxes.statusCode).toBe(201);
    const conflict = await create('taxes');
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('already exists'),
    });

    const { apiKey } = await createTestProvider(t.app);
    const letter = await deliverTestLetter(t.app, apiKey, me.email);
    await t.app.inject({
      method: 'POST',
      url: '/api/letters/bulk',
      headers: me.headers,
      payload: { letter_ids: [letter], action: 'move', folder_id: taxes.json().id },
    });
    expect(await listFolders()).toEqual([
      expect.objectContaining({ name: 'Taxes', letter_count: 1, unread_count: 1 }),
    ]);

    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/folders/${taxes.json().id}`,
      headers: me.headers,
      payload: { name: 'Steuern' },
    });
    expect(renamed.json()).toMatchObject({ name: 'Steuern', letter_count: 1 });

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/folders/${taxes.json().id}`,
      headers: me.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(await listFolders()).toEqual([]);
    const inbox = await t.app.inject({
      url: `/api/letters?account_id=${accountId}`,
      headers: { cookie: me.cookie },
    });
    expect(inbox.json().items).toEqual([expect.objectContaining({ id: letter, folder_id: null })]);
  });
});
