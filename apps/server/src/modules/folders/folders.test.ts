import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FOLDER_NAME_MAX_LENGTH } from '@kuvert/shared/folders';
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

  it('creates, counts and renames folders; a deleted folder leaves the list', async () => {
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
    // The folder went to the trash (trash.test.ts), so its name is free again.
    expect((await create('Steuern')).statusCode).toBe(201);
  });

  it('takes names of up to 60 characters and refuses longer ones by the shared schema', async () => {
    const sixty = 'x'.repeat(FOLDER_NAME_MAX_LENGTH);
    expect((await create(sixty)).statusCode).toBe(201);
    const tooLong = await create(`${sixty}y`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [expect.objectContaining({ path: 'body.name' })],
    });
    const created = (await listFolders())[0];
    const rename = await t.app.inject({
      method: 'PATCH',
      url: `/api/folders/${created.id}`,
      headers: me.headers,
      payload: { name: `${sixty}y` },
    });
    expect(rename.statusCode).toBe(400);
  });

  it('lists folders in alphabetical order, umlauts with their letter, numbers by value', async () => {
    for (const name of ['Steuern', 'Ärzte', 'zahnarzt', 'Auto', 'Ordner 10', 'Ordner 9', 'Öl']) {
      expect((await create(name)).statusCode).toBe(201);
    }
    expect((await listFolders()).map((folder: { name: string }) => folder.name)).toEqual([
      'Ärzte',
      'Auto',
      'Öl',
      'Ordner 9',
      'Ordner 10',
      'Steuern',
      'zahnarzt',
    ]);
  });
});
