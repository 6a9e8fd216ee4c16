import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createLoggedInUser,
  login,
  type CreatedUser,
  type LoggedIn,
} from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import {
  createTestProvider,
  deliverTestLetter,
  personalAccountOf,
  samplePdf,
  storedDocumentKeys,
} from '../../test/mailbox.ts';
import { COLLECT_GRACE_SECONDS } from '../../documents/document-collection.ts';
import { scheduleTrashPurge } from './trash.service.ts';

const DAY = 24 * 3600;

describe.each(testEngines)('trash (%s)', (engine) => {
  let t: TestApp;
  let me: CreatedUser & LoggedIn;
  let apiKey: string;

  beforeEach(async () => {
    t = await createTestApp(engine, { TRASH_RETENTION_DAYS: '30' });
    me = await createLoggedInUser(t.app);
    apiKey = (await createTestProvider(t.app)).apiKey;
  });
  afterEach(async () => t.close());

  const bulk = (letterIds: string[], action: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/letters/bulk',
      headers: me.headers,
      payload: { letter_ids: letterIds, action },
    });
  const letterIds = async () =>
    (await t.app.db.selectFrom('letters').select('id').execute()).map((row) => row.id).toSorted();

  it('empties the trash of one account, removing the documents nobody uses any more', async () => {
    const a = await deliverTestLetter(
      t.app,
      apiKey,
      me.email,
      {},
      { documents: [{ filename: 'a.pdf', content: await samplePdf('only a') }] },
    );
    const b = await deliverTestLetter(t.app, apiKey, me.email);
    // Files put in the last minutes are spared (see the race test below).
    t.clock.advanceSeconds(COLLECT_GRACE_SECONDS + 1);
    await bulk([a, b], 'trash');
    await bulk([b], 'restore');
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/trash/empty',
      headers: me.headers,
      payload: { account_id: personalAccountOf(me) },
    });
    expect(empty.statusCode).toBe(204);
    expect(await letterIds()).toEqual([b]);
    expect(storedDocumentKeys(t.config.dataDir)).toHaveLength(1);
    await bulk([b], 'trash');
    expect((await bulk([b], 'delete_forever')).json()).toEqual({ updated: 1 });
    expect(storedDocumentKeys(t.config.dataDir)).toEqual([]);
  });

  it('purges letters trashed longer than the retention period, keeping shared documents', async () => {
    const shared = await samplePdf('the same PDF for two letters');
    const old = await deliverTestLetter(
      t.app,
      apiKey,
      me.email,
      {},
      { documents: [{ filename: 'x.pdf', content: shared }] },
    );
    const alsoOld = await deliverTestLetter(
      t.app,
      apiKey,
      me.email,
      {},
      { documents: [{ filename: 'own.pdf', content: await samplePdf('own') }] },
    );
    const keeper = await deliverTestLetter(
      t.app,
      apiKey,
      me.email,
      {},
      { documents: [{ filename: 'y.pdf', content: shared }] },
    );
    await bulk([old, alsoOld], 'trash');
    t.clock.advanceSeconds(20 * DAY);
    const recent = await deliverTestLetter(t.app, apiKey, me.email);
    await bulk([recent], 'trash');
    await scheduleTrashPurge(t.app);
    await scheduleTrashPurge(t.app);
    await t.app.jobs.runDueJobs();
    expect(await letterIds()).toHaveLength(4);

    t.clock.advanceSeconds(11 * DAY);
    await t.app.jobs.runDueJobs();
    expect(await letterIds()).toEqual([keeper, recent].toSorted());
    // The shared PDF survives for `keeper`; the purged letter's own PDF is gone.
    expect(storedDocumentKeys(t.config.dataDir)).toHaveLength(2);
    const pending = await t.app.db
      .selectFrom('jobs')
      .select('run_at')
      .where('type', '=', 'trash.purge')
      .where('status', '=', 'pending')
      .execute();
    expect(pending).toHaveLength(1);
  });
  const accountId = () => personalAccountOf(me);
  const createFolder = async (name: string): Promise<string> =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/folders',
        headers: me.headers,
        payload: { account_id: accountId(), name },
      })
    ).json().id;
  const moveTo = (ids: string[], folderId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/letters/bulk',
      headers: me.headers,
      payload: { letter_ids: ids, action: 'move', folder_id: folderId },
    });
  const restoreFolder = (folderId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/trash/folders/${folderId}/restore`,
      headers: me.headers,
    });
  const deleteFolder = (folderId: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/folders/${folderId}`, headers: me.headers });
  const trashEntries = async (kind?: string) => {
    const query = new URLSearchParams({ account_id: accountId() });
    if (kind) query.set('kind', kind);
    return (
      await t.app.inject({ url: `/api/trash/entries?${query.toString()}`, headers: me.headers })
    ).json();
  };
  const noCounts = {
    letter: 0,
    upload: 0,
    folder: 0,
    contact: 0,
    case_file: 0,
    case_file_item: 0,
  };
  const listed = async (view: string, folderId?: string) => {
    const query = new URLSearchParams({ account_id: accountId(), view });
    if (folderId) query.set('folder_id', folderId);
    const page = await t.app.inject({
      url: `/api/letters?${query.toString()}`,
      headers: me.headers,
    });
    return page.statusCode === 200
      ? page
          .json()
          .items.map((item: { id: string }) => item.id)
          .toSorted()
      : page.statusCode;
  };
  const folderNames = async () =>
    (await t.app.inject({ url: `/api/folders?account_id=${accountId()}`, headers: me.headers }))
      .json()
      .folders.map((folder: { name: string }) => folder.name);

  it('moves a deleted folder and its letters to the trash and restores them together', async () => {
    const taxes = await createFolder('Taxes');
    const [kept, alone] = [
      await deliverTestLetter(t.app, apiKey, me.email),
      await deliverTestLetter(t.app, apiKey, me.email),
    ];
    await moveTo([kept, alone], taxes);
    await bulk([alone], 'trash');
    t.clock.advanceSeconds(60);

    expect((await deleteFolder(taxes)).statusCode).toBe(204);
    expect(await folderNames()).toEqual([]);
    expect(await listed('folder', taxes)).toBe(404);
    // The letter that went with the folder is no entry of its own; the one trashed before is.
    expect(await trashEntries()).toEqual({
      entries: [
        expect.objectContaining({ kind: 'folder', id: taxes, name: 'Taxes', count: 1 }),
        expect.objectContaining({
          kind: 'letter',
          id: alone,
          origin: { kind: 'inbox', id: null, name: null },
        }),
      ],
      next_cursor: null,
      counts: { ...noCounts, letter: 1, folder: 1 },
      retention_days: 30,
    });
    // A trashed folder takes no letters.
    expect((await moveTo([kept], taxes)).statusCode).toBe(404);

    const restored = await restoreFolder(taxes);
    expect(restored.json()).toMatchObject({ id: taxes, name: 'Taxes', letter_count: 1 });
    expect(await listed('folder', taxes)).toEqual([kept]);
    // The letter trashed on its own before stays in the trash.
    expect(await listed('trash')).toEqual([alone]);
    // Its folder is back, so that is where it would go.
    expect((await trashEntries()).entries).toEqual([
      expect.objectContaining({ id: alone, origin: { kind: 'folder', id: taxes, name: 'Taxes' } }),
    ]);
  });

  it('restores under a free name when a live folder took the old one meanwhile', async () => {
    const first = await createFolder('Insurance');
    await deleteFolder(first);
    const second = await createFolder('insurance');
    await deleteFolder(second);
    await createFolder('Insurance');

    expect((await restoreFolder(first)).json()).toMatchObject({ name: 'Insurance (2)' });
    expect((await restoreFolder(second)).json()).toMatchObject({ name: 'insurance (3)' });
    expect(await folderNames()).toEqual(['Insurance', 'Insurance (2)', 'insurance (3)']);
    // Only trashed folders come back.
    expect((await restoreFolder(first)).statusCode).toBe(404);
  });

  it('deletes a trashed folder forever with its letters; a letter restored alone goes to the inbox', async () => {
    const folder = await createFolder('Old bank');
    const [gone, back] = [
      await deliverTestLetter(t.app, apiKey, me.email),
      await deliverTestLetter(t.app, apiKey, me.email),
    ];
    await moveTo([gone, back], folder);
    await deleteFolder(folder);
    await bulk([back], 'restore');
    expect(await listed('inbox')).toEqual([back]);

    const forever = await t.app.inject({
      method: 'DELETE',
      url: `/api/trash/folders/${folder}`,
      headers: me.headers,
    });
    expect(forever.statusCode).toBe(204);
    expect(await letterIds()).toEqual([back]);
    expect((await trashEntries()).counts).toEqual(noCounts);
  });

  it('empties and purges trashed folders with the letters', async () => {
    const purged = await createFolder('Purged');
    const letter = await deliverTestLetter(t.app, apiKey, me.email);
    // Its document is read first: run beside the purge, the reading job and the purge's delete
    // can deadlock on PostgreSQL, and the purge then waits for its retry.
    await t.app.jobs.runDueJobs();
    await moveTo([letter], purged);
    await deleteFolder(purged);
    t.clock.advanceSeconds(20 * DAY);
    me = { ...me, ...(await login(t.app, me.email, me.password)) };
    const recent = await createFolder('Recent');
    await deleteFolder(recent);
    await scheduleTrashPurge(t.app);
    t.clock.advanceSeconds(11 * DAY);
    await t.app.jobs.runDueJobs();
    me = { ...me, ...(await login(t.app, me.email, me.password)) };
    expect(await letterIds()).toEqual([]);
    expect((await trashEntries('folder')).entries).toEqual([
      expect.objectContaining({ id: recent }),
    ]);

    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/trash/empty',
      headers: me.headers,
      payload: { account_id: accountId() },
    });
    expect(empty.statusCode).toBe(204);
    expect(await trashEntries()).toMatchObject({ entries: [], counts: noCounts });
  });

  /**
   * Deletes a letter for good just after a second delivery of the same PDF stored the bytes,
   * before that delivery wrote its row; answers the PDF.
   */
  async function deleteWhileTheSameBytesAreStored(words: string): Promise<Buffer> {
    const pdf = await samplePdf(words);
    const first = await deliverTestLetter(
      t.app,
      apiKey,
      me.email,
      {},
      { documents: [{ filename: 'a.pdf', content: pdf }] },
    );
    t.clock.advanceSeconds(COLLECT_GRACE_SECONDS + 1);
    await bulk([first], 'trash');
    await t.app.documents.put(pdf, { maxBytes: 10_000_000 });
    expect((await bulk([first], 'delete_forever')).json()).toEqual({ updated: 1 });
    return pdf;
  }

  it('keeps a file that a delivery in progress is storing again, and collects it if unused', async () => {
    await deleteWhileTheSameBytesAreStored('sent twice');
    expect(storedDocumentKeys(t.config.dataDir)).toHaveLength(1);

    // That delivery failed after all: a later check removes the file nobody refers to.
    t.clock.advanceSeconds(COLLECT_GRACE_SECONDS + 120);
    await t.app.jobs.runDueJobs();
    expect(storedDocumentKeys(t.config.dataDir)).toEqual([]);
  });

  it('keeps the file when the delivery in progress writes its row', async () => {
    const pdf = await deleteWhileTheSameBytesAreStored('sent twice, kept');
    const second = await deliverTestLetter(
      t.app,
      apiKey,
      me.email,
      {},
      { documents: [{ filename: 'b.pdf', content: pdf }] },
    );

    t.clock.advanceSeconds(COLLECT_GRACE_SECONDS + 120);
    await t.app.jobs.runDueJobs();
    const detail = await t.app.inject({ url: `/api/letters/${second}`, headers: me.headers });
    const documentId = detail.json().documents[0].id;
    const content = await t.app.inject({
      url: `/api/letters/${second}/documents/${documentId}/content`,
      headers: me.headers,
    });
    expect(content.statusCode).toBe(200);
    expect(content.rawPayload.equals(pdf)).toBe(true);
  });
});
