import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLoggedInUser, type CreatedUser, type LoggedIn } from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { createTestProvider, deliverTestLetter, personalAccountOf } from '../../test/mailbox.ts';

interface Neighbours {
  newer: { id: string } | null;
  older: { id: string } | null;
}
const idsOf = (body: Neighbours) => [body.newer?.id ?? null, body.older?.id ?? null];

describe.each(testEngines)('letter neighbours (%s)', (engine) => {
  let t: TestApp;
  let me: CreatedUser & LoggedIn;

  beforeEach(async () => {
    t = await createTestApp(engine);
    me = await createLoggedInUser(t.app);
  });
  afterEach(async () => t.close());

  const neighbours = async (letterId: string, query = '', user = me) => {
    const response = await t.app.inject({
      url: `/api/letters/${letterId}/neighbours${query === '' ? '' : `?${query}`}`,
      headers: { cookie: user.cookie },
    });
    return { status: response.statusCode, body: response.json() };
  };

  /** Three letters, oldest first, the first two sharing a timestamp (the id breaks the tie). */
  async function deliverThree(apiKey: string) {
    const first = await deliverTestLetter(t.app, apiKey, me.email, { subject: 'First' });
    const second = await deliverTestLetter(t.app, apiKey, me.email, { subject: 'Second' });
    t.clock.advanceSeconds(5);
    const third = await deliverTestLetter(t.app, apiKey, me.email, { subject: 'Third' });
    return [first, second, third];
  }

  it('steps through the inbox in its own order, and says where the list ends', async () => {
    const { apiKey } = await createTestProvider(t.app);
    const ids = await deliverThree(apiKey);
    const listed = await t.app.inject({
      url: `/api/letters?account_id=${personalAccountOf(me)}`,
      headers: { cookie: me.cookie },
    });
    const order: string[] = listed.json().items.map((item: { id: string }) => item.id);
    expect(order.toSorted()).toEqual(ids.toSorted());
    expect(order[0]).toBe(ids[2]);

    const [newest, middle, oldest] = order;
    expect(idsOf((await neighbours(newest ?? '')).body)).toEqual([null, middle]);
    const inMiddle = await neighbours(middle ?? '', 'view=inbox');
    expect(idsOf(inMiddle.body)).toEqual([newest, oldest]);
    expect(inMiddle.body.older).toMatchObject({ direction: 'inbound' });
    expect(idsOf((await neighbours(oldest ?? '')).body)).toEqual([middle, null]);
  });

  it('keeps to the list it was opened from: a provider, the unread letters, a folder', async () => {
    const first = await createTestProvider(t.app);
    const second = await createTestProvider(t.app);
    const a = await deliverTestLetter(t.app, first.apiKey, me.email, { subject: 'A' });
    t.clock.advanceSeconds(1);
    const b = await deliverTestLetter(t.app, second.apiKey, me.email, { subject: 'B' });
    t.clock.advanceSeconds(1);
    const c = await deliverTestLetter(t.app, first.apiKey, me.email, { subject: 'C' });

    expect(idsOf((await neighbours(c, 'view=inbox')).body)).toEqual([null, b]);
    const byProvider = await neighbours(c, `view=inbox&provider_id=${first.provider.id}`);
    expect(idsOf(byProvider.body)).toEqual([null, a]);

    await t.app.inject({ method: 'POST', url: `/api/letters/${b}/read`, headers: me.headers });
    expect(idsOf((await neighbours(c, 'view=unread')).body)).toEqual([null, a]);

    const folder = await t.app.inject({
      method: 'POST',
      url: '/api/folders',
      headers: me.headers,
      payload: { account_id: personalAccountOf(me), name: 'Taxes' },
    });
    const folderId: string = folder.json().id;
    await t.app.inject({
      method: 'POST',
      url: '/api/letters/bulk',
      headers: me.headers,
      payload: { letter_ids: [a, c], action: 'move', folder_id: folderId },
    });
    expect(idsOf((await neighbours(a, `view=folder&folder_id=${folderId}`)).body)).toEqual([
      c,
      null,
    ]);
    // Opened without a list, a letter steps through the list it sits in now: its folder.
    expect(idsOf((await neighbours(c)).body)).toEqual([null, a]);
    expect((await neighbours(a, 'view=folder')).status).toBe(400);
  });

  it("answers 404 for another person's letter and for a folder of another mailbox", async () => {
    const { apiKey } = await createTestProvider(t.app);
    const mine = await deliverTestLetter(t.app, apiKey, me.email);
    const stranger = await createLoggedInUser(t.app);
    const theirs = await deliverTestLetter(t.app, apiKey, stranger.email);
    expect((await neighbours(mine, '', stranger)).status).toBe(404);
    expect((await neighbours(theirs)).status).toBe(404);

    const folder = await t.app.inject({
      method: 'POST',
      url: '/api/folders',
      headers: stranger.headers,
      payload: { account_id: personalAccountOf(stranger), name: 'Theirs' },
    });
    const folderId: string = folder.json().id;
    expect((await neighbours(mine, `view=folder&folder_id=${folderId}`)).status).toBe(404);
  });
});
