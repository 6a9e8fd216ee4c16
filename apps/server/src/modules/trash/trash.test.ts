import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLoggedInUser, type CreatedUser, type LoggedIn } from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import {
  createTestProvider,
  deliverTestLetter,
  personalAccountOf,
  samplePdf,
  storedDocumentKeys,
} from '../../test/mailbox.ts';
import { COLLECT_GRACE_SECONDS } from '../letters/letter-removal.service.ts';
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
