import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLoggedInUser, type CreatedUser, type LoggedIn } from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { personalAccountOf } from '../../test/mailbox.ts';
import { storeUpload } from '../../test/uploads.ts';

describe.each(testEngines)('an upload of bytes the mailbox already has (%s)', (engine) => {
  let t: TestApp;
  let me: CreatedUser & LoggedIn;
  let account: string;
  const bytes = Buffer.from('Rechnung 2026-114, bitte bis zum 1. März zahlen.\n');

  beforeEach(async () => {
    t = await createTestApp(engine);
    me = await createLoggedInUser(t.app);
    account = personalAccountOf(me);
  });
  afterEach(async () => t.close());

  const detailOf = async (user: LoggedIn, id: string) => {
    const response = await t.app.inject({ url: `/api/uploads/${id}`, headers: user.headers });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const store = async (name: string, content = bytes, user = me, accountId = account) => {
    const id = await storeUpload(t.app, user, { accountId, name, bytes: content });
    // A minute apart, so "earlier" does not hang on two uploads in one millisecond.
    t.clock.advanceSeconds(60);
    return id;
  };

  it('names the earlier copy on the new one, and keeps both', async () => {
    const first = await store('rechnung.txt');
    const firstDetail = await detailOf(me, first);
    const second = await store('rechnung (1).txt');

    expect(await detailOf(me, second)).toMatchObject({
      name: 'rechnung (1).txt',
      duplicate_of: { id: first, name: 'rechnung.txt', created_at: firstDetail.created_at },
    });
    // The first came first: it is nobody's copy.
    expect(firstDetail.duplicate_of).toBeNull();
    expect((await detailOf(me, first)).duplicate_of).toBeNull();
    const list = await t.app.inject({
      url: `/api/uploads?account_id=${account}`,
      headers: me.headers,
    });
    expect(list.json().uploads.map((upload: { id: string }) => upload.id)).toEqual([second, first]);

    // A third copy points at the oldest.
    const third = await store('rechnung-kopie.txt');
    expect((await detailOf(me, third)).duplicate_of).toMatchObject({ id: first });
  });

  it('says nothing for other bytes, a copy in the trash, or another mailbox’s copy', async () => {
    await store('other.txt', Buffer.from('Something else entirely.\n'));
    const unrelated = await store('rechnung.txt');
    expect((await detailOf(me, unrelated)).duplicate_of).toBeNull();

    const trashed = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/trash',
      headers: me.headers,
      payload: { account_id: account, ids: [unrelated] },
    });
    expect(trashed.statusCode).toBe(204);
    const afterTrash = await store('rechnung-again.txt');
    expect((await detailOf(me, afterTrash)).duplicate_of).toBeNull();

    // Someone else holds the very same bytes in their own mailbox: not theirs to hear of.
    const stranger = await createLoggedInUser(t.app);
    const theirs = await store('rechnung.txt', bytes, stranger, personalAccountOf(stranger));
    expect((await detailOf(stranger, theirs)).duplicate_of).toBeNull();
    const mine = await store('rechnung-later.txt');
    expect((await detailOf(me, mine)).duplicate_of).toMatchObject({ id: afterTrash });
  });
});
