import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLoggedInUser, type CreatedUser, type LoggedIn } from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import {
  addMember,
  createSharedAccount,
  createTestProvider,
  deliverTestLetter,
  personalAccountOf,
  samplePdf,
  storedDocumentKeys,
} from '../../test/mailbox.ts';
import { trashOneOfEach, type Entry } from '../../test/trash.ts';
import { storeUpload } from '../../test/uploads.ts';
import { COLLECT_GRACE_SECONDS } from '../../documents/document-collection.ts';

const noCounts = {
  letter: 0,
  upload: 0,
  folder: 0,
  contact: 0,
  case_file: 0,
  case_file_item: 0,
};

describe.each(testEngines)('the trash of every kind (%s)', (engine) => {
  let t: TestApp;
  let me: CreatedUser & LoggedIn;
  let apiKey: string;
  let account: string;

  beforeEach(async () => {
    t = await createTestApp(engine, { TRASH_RETENTION_DAYS: '30' });
    me = await createLoggedInUser(t.app);
    apiKey = (await createTestProvider(t.app, { name: 'Stadtwerke' })).apiKey;
    account = personalAccountOf(me);
  });
  afterEach(async () => t.close());

  const get = (url: string, user: LoggedIn = me) =>
    t.app.inject({ url, headers: { cookie: user.cookie } });
  const send = (method: 'POST' | 'DELETE', url: string, payload?: object, user: LoggedIn = me) =>
    t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
  const entries = async (query: Record<string, string> = {}) =>
    (
      await get(`/api/trash/entries?${new URLSearchParams({ account_id: account, ...query })}`)
    ).json();
  const selectionOf = (...picked: Entry[]) => ({
    account_id: account,
    entries: picked.map(({ kind, id }) => ({ kind, id })),
  });
  const letterIdsIn = async (view: string, folderId?: string) => {
    const query = new URLSearchParams({ account_id: account, view });
    if (folderId) query.set('folder_id', folderId);
    const page = (await get(`/api/letters?${query.toString()}`)).json();
    return page.items.map((item: { id: string }) => item.id).toSorted();
  };
  const createFolder = async (name: string): Promise<string> =>
    (await send('POST', '/api/folders', { account_id: account, name })).json().id;
  const listOf = (user: LoggedIn, accountId: string) =>
    get(`/api/trash/entries?account_id=${accountId}`, user);

  it('lists one of each kind, newest first, with what it is and where it goes back', async () => {
    const { bank, car, listed } = await trashOneOfEach(t, me, apiKey);
    const page = await entries();
    const nowish = t.clock.now().toISOString();
    expect(page.entries.map(({ kind, id, name }: Entry) => ({ kind, id, name }))).toEqual(listed);
    const none = { id: null, name: null };
    expect(
      page.entries.map(({ detail, count, origin }: Record<string, unknown>) => ({
        detail,
        count,
        origin,
      })),
    ).toEqual([
      { detail: null, count: 2, origin: { kind: 'files', ...none } },
      { detail: '2026-03-02', count: null, origin: { kind: 'case_file', id: car, name: 'Car' } },
      { detail: 'Stadtwerke Bonn', count: null, origin: { kind: 'address_book', ...none } },
      { detail: 'TXT · 13 B', count: null, origin: { kind: 'uploads', ...none } },
      // The letter that went with the folder is counted, not listed.
      { detail: null, count: 1, origin: { kind: 'folder', ...none } },
      { detail: 'Print Recipient', count: null, origin: { kind: 'outbox', ...none } },
      { detail: 'Stadtwerke', count: null, origin: { kind: 'folder', id: bank, name: 'Bank' } },
      { detail: 'Stadtwerke', count: null, origin: { kind: 'inbox', ...none } },
    ]);
    expect(page.entries[0].trashed_at).toBe(nowish);
    expect(page).toMatchObject({
      next_cursor: null,
      counts: { letter: 3, upload: 1, folder: 1, contact: 1, case_file: 1, case_file_item: 1 },
      retention_days: 30,
    });

    const letters = await entries({ kind: 'letter' });
    expect(letters.entries.map((entry: Entry) => entry.name)).toEqual([
      'To the landlord',
      'Statement',
      'Meter reading',
    ]);
    // The counts stay those of the whole trash, for the filter's labels.
    expect(letters.counts).toEqual(page.counts);
    expect((await entries({ kind: 'case_file_item' })).entries).toEqual([page.entries[1]]);
  });

  it('pages through every kind, also among entries trashed at the same instant', async () => {
    await trashOneOfEach(t, me, apiKey);
    // Three of a kind and two of another at one instant: the order breaks ties by kind and id.
    for (const name of ['Anna', 'Ben', 'Cem']) {
      const id = (
        await send('POST', '/api/contacts', { account_id: account, contact: { name } })
      ).json().id;
      await send('DELETE', `/api/contacts/${id}`);
    }
    for (const name of ['Old', 'Older'])
      await send('DELETE', `/api/folders/${await createFolder(name)}`);

    const all = (await entries({ limit: '100' })).entries;
    expect(all).toHaveLength(13);
    const times = all.map((entry: { trashed_at: string }) => entry.trashed_at);
    expect(times).toEqual(times.toSorted().toReversed());
    const pageThrough = async (query: Record<string, string>) => {
      const seen: Entry[] = [];
      let cursor: string | null = null;
      do {
        const page: { entries: Entry[]; next_cursor: string | null } = await entries({
          ...query,
          ...(cursor ? { cursor } : {}),
        });
        seen.push(...page.entries);
        cursor = page.next_cursor;
      } while (cursor !== null);
      return seen;
    };
    expect(await pageThrough({ limit: '2' })).toEqual(all);
    const contacts = await pageThrough({ kind: 'contact', limit: '1' });
    expect(contacts).toEqual(all.filter((entry: Entry) => entry.kind === 'contact'));
    expect(contacts).toHaveLength(4);

    // A cursor belongs to its list.
    const first = await entries({ kind: 'contact', limit: '1' });
    const mixed = await get(`/api/trash/entries?account_id=${account}&cursor=${first.next_cursor}`);
    expect(mixed.statusCode).toBe(400);
    expect((await get(`/api/trash/entries?account_id=${account}&cursor=nonsense`)).statusCode).toBe(
      400,
    );
  });

  it('restores each kind to where it was, in one request', async () => {
    const { bank, car, flat, withFolder, listed } = await trashOneOfEach(t, me, apiKey);
    const live = await deliverTestLetter(t.app, apiKey, me.email);
    // A folder took the trashed one's name meanwhile.
    await createFolder('Taxes');

    const restored = await send(
      'POST',
      '/api/trash/restore',
      selectionOf(...listed, { kind: 'letter', id: live, name: 'not in the trash' }),
    );
    expect(restored.statusCode).toBe(200);
    const [, , , , taxes, sent, filed, received] = listed.map((entry) => entry.id);
    expect(restored.json()).toEqual({
      count: 8,
      renamed: [{ kind: 'folder', id: taxes, name: 'Taxes (2)' }],
    });
    expect(await entries()).toMatchObject({ entries: [], counts: noCounts });

    expect(await letterIdsIn('inbox')).toEqual([received, live].toSorted());
    expect(await letterIdsIn('folder', bank)).toEqual([filed]);
    expect(await letterIdsIn('folder', taxes)).toEqual([withFolder]);
    expect(await letterIdsIn('outbox')).toEqual([sent]);
    expect((await get(`/api/uploads?account_id=${account}`)).json().uploads).toEqual([
      expect.objectContaining({ name: 'meter.txt', trashed_at: null }),
    ]);
    expect((await get(`/api/contacts?account_id=${account}`)).json().items).toEqual([
      expect.objectContaining({ name: 'Jana Schröder' }),
    ]);
    const files = await t.app.db
      .selectFrom('case_files')
      .select(['id', 'trashed_at', 'item_count'])
      .orderBy('title')
      .execute();
    expect(files).toEqual([
      { id: car, trashed_at: null, item_count: 2 },
      { id: flat, trashed_at: null, item_count: 2 },
    ]);
  });

  it('deletes for good with the documents nobody else uses, and empties the rest', async () => {
    const { listed, withFolder } = await trashOneOfEach(t, me, apiKey);
    const kept = await deliverTestLetter(t.app, apiKey, me.email, { subject: 'Kept' });
    const own = await deliverTestLetter(
      t.app,
      apiKey,
      me.email,
      { subject: 'Own PDF' },
      { documents: [{ filename: 'own.pdf', content: await samplePdf('only this letter') }] },
    );
    const sharing = await storeUpload(t.app, me, {
      accountId: account,
      name: 'same as the letter.pdf',
      bytes: await samplePdf(),
    });
    await send('POST', '/api/letters/bulk', { letter_ids: [own], action: 'trash' });
    await send('POST', '/api/uploads/trash', { account_id: account, ids: [sharing] });
    // Files put in the last minutes are spared: a delivery may be about to write its row.
    t.clock.advanceSeconds(COLLECT_GRACE_SECONDS + 1);
    const keysBefore = storedDocumentKeys(t.config.dataDir).length;

    const [file, item, contact, upload, folder] = listed;
    const picked = [
      { kind: 'letter', id: own, name: 'Own PDF' },
      { kind: 'upload', id: sharing, name: 'same as the letter.pdf' },
      ...[file, item, contact, upload, folder].flatMap((entry) => (entry ? [entry] : [])),
    ];
    const deleted = await send('POST', '/api/trash/delete', selectionOf(...picked));
    expect(deleted.json()).toEqual({ count: 7, renamed: [] });
    // The letter's own PDF and the text upload went; the PDF the kept letter shares stayed.
    expect(storedDocumentKeys(t.config.dataDir)).toHaveLength(keysBefore - 2);
    const letters = await t.app.db.selectFrom('letters').select('id').execute();
    expect(letters.map((row) => row.id)).not.toContain(withFolder);
    const left = await entries();
    expect(left.entries.map((entry: Entry) => entry.kind)).toEqual(['letter', 'letter', 'letter']);
    expect(await t.app.db.selectFrom('case_files').select('title').execute()).toEqual([
      { title: 'Car' },
    ]);
    expect(await t.app.db.selectFrom('case_file_items').select('title').execute()).toEqual([
      { title: 'Invoice' },
    ]);

    expect((await send('POST', '/api/trash/empty', { account_id: account })).statusCode).toBe(204);
    expect(await entries()).toMatchObject({ entries: [], counts: noCounts });
    const detail = (await get(`/api/letters/${kept}`)).json();
    const content = await get(`/api/letters/${kept}/documents/${detail.documents[0].id}/content`);
    expect(content.statusCode).toBe(200);
  });

  it('lets a viewer look but not touch, and keeps other accounts out', async () => {
    const viewer = await createLoggedInUser(t.app);
    const stranger = await createLoggedInUser(t.app);
    const shared = await createSharedAccount(t.app, me.user.id);
    await addMember(t.app, shared, viewer.user.id, 'viewer');
    const contact = (
      await send('POST', '/api/contacts', { account_id: shared, contact: { name: 'Shared' } })
    ).json().id;
    await send('DELETE', `/api/contacts/${contact}`);
    const selection = { account_id: shared, entries: [{ kind: 'contact', id: contact }] };

    expect((await listOf(viewer, shared)).json().entries).toEqual([
      expect.objectContaining({ id: contact, name: 'Shared' }),
    ]);
    for (const action of ['restore', 'delete']) {
      expect((await send('POST', `/api/trash/${action}`, selection, viewer)).statusCode).toBe(403);
      expect((await send('POST', `/api/trash/${action}`, selection, stranger)).statusCode).toBe(
        404,
      );
      // Named in their own account, another account's entry is simply not there.
      const own = { ...selection, account_id: personalAccountOf(stranger) };
      expect((await send('POST', `/api/trash/${action}`, own, stranger)).json()).toEqual({
        count: 0,
        renamed: [],
      });
    }
    expect(
      (await send('POST', '/api/trash/empty', { account_id: shared }, viewer)).statusCode,
    ).toBe(403);
    expect((await listOf(stranger, shared)).statusCode).toBe(404);
    expect((await listOf(me, shared)).json().counts).toEqual({ ...noCounts, contact: 1 });
  });
});
