import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  CaseFile,
  CaseFileItem,
  CaseFileList,
  CaseFileTimeline,
} from '@kuvert/shared/case-files';
import {
  createLoggedInUser,
  createUserWithPassword,
  login,
  type CreatedUser,
  type LoggedIn,
} from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { createTestProvider, deliverTestLetter, personalAccountOf } from '../../test/mailbox.ts';
import { TINY_PNG, storeUpload } from '../../test/uploads.ts';
import {
  caseFileClient,
  createTestCaseFile,
  createTestItem,
  fileOf,
  okBody,
  wholeTimeline,
  type CaseFileClient,
} from '../../test/case-files.ts';

describe.each(testEngines)('case files (%s)', (engine) => {
  let t: TestApp;
  let me: CreatedUser & LoggedIn;
  let accountId: string;
  let files: CaseFileClient;

  beforeEach(async () => {
    t = await createTestApp(engine);
    me = await createLoggedInUser(t.app);
    accountId = personalAccountOf(me);
    files = caseFileClient(t.app, me);
  });
  afterEach(async () => t.close());

  /** Every file of the list in `sort`, page by page, by title. */
  async function titlesIn(query: string): Promise<string[]> {
    const titles: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `account_id=${accountId}&limit=2&${query}${cursor ? `&cursor=${cursor}` : ''}`;
      const page: CaseFileList = okBody(await files.list(url));
      titles.push(...page.files.map((file) => file.title));
      cursor = page.next_cursor;
    } while (cursor);
    return titles;
  }

  it('creates, searches, sorts and pages files, and refuses bad input', async () => {
    for (const [title, description] of [
      ['Wohnung Lindenstraße 12', 'Miete, Nebenkosten, Hausverwaltung'],
      ['Car insurance', 'The policy with Allianz'],
      ['Ärzte', ''],
      ['Müller & Partner', 'Anwälte'],
      ['zoo season ticket', ''],
    ]) {
      await createTestCaseFile(files, accountId, title ?? '', { description, color: 'teal' });
      t.clock.advanceSeconds(60);
    }
    const titleOrder = ['Ärzte', 'Car insurance', 'Müller & Partner', 'Wohnung Lindenstraße 12'];
    expect(await titlesIn('sort=title')).toEqual([...titleOrder, 'zoo season ticket']);
    const newestFirst = [
      'zoo season ticket',
      'Müller & Partner',
      'Ärzte',
      'Car insurance',
      'Wohnung Lindenstraße 12',
    ];
    expect(await titlesIn('sort=created')).toEqual(newestFirst);
    expect(await titlesIn('')).toEqual(newestFirst);

    // Search: case and accents do not matter, in the title or the description.
    expect(await titlesIn('q=muller')).toEqual(['Müller & Partner']);
    expect(await titlesIn('q=LINDENSTRASSE')).toEqual(['Wohnung Lindenstraße 12']);
    expect(await titlesIn('q=anwalte')).toEqual(['Müller & Partner']);
    expect(await titlesIn('q=allianz%20policy&sort=title')).toEqual(['Car insurance']);
    expect(await titlesIn('q=nothing-like-it')).toEqual([]);

    // A change is activity: the changed file leads the default order.
    const car = (await titlesIn('sort=title')).indexOf('Car insurance');
    const list = okBody<CaseFileList>(await files.list(`account_id=${accountId}&sort=title`));
    const carFile = list.files[car];
    const patched = okBody<CaseFile>(
      await files.patchFile(carFile?.id ?? '', { title: 'Car insurance 2026', color: 'red' }),
    );
    expect(patched).toMatchObject({ title: 'Car insurance 2026', color: 'red', item_count: 0 });
    expect(patched.last_activity_at > (carFile?.last_activity_at ?? '')).toBe(true);
    expect((await titlesIn('sort=activity'))[0]).toBe('Car insurance 2026');

    // Bad input: a clear 400 naming the field.
    const empty = await files.createFile(accountId, { title: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toEqual([expect.objectContaining({ path: 'body.title' })]);
    const colour = await files.createFile(accountId, { title: 'X', color: 'mauve' });
    expect(colour.json().details).toEqual([expect.objectContaining({ path: 'body.color' })]);
    const byTitle = okBody<CaseFileList>(
      await files.list(`account_id=${accountId}&sort=title&limit=1`),
    );
    const mixed = await files.list(
      `account_id=${accountId}&sort=created&cursor=${byTitle.next_cursor}`,
    );
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().details).toEqual([expect.objectContaining({ path: 'querystring.cursor' })]);
  });

  it('trashes a file with its items and restores exactly those', async () => {
    const file = await createTestCaseFile(files, accountId, 'Tax 2026');
    const items = [];
    for (const [date, title] of [
      ['2026-01-10', 'Notice'],
      ['2026-02-01', 'Objection'],
      ['2026-03-05', 'Answer'],
    ]) {
      items.push(await createTestItem(files, file.id, { title, date }));
    }
    expect((await fileOf(files, file.id)).item_count).toBe(3);
    const [notice, objection] = items;
    // An item trashed on its own before the file went stays in the trash afterwards.
    const trashItem = await files.send('DELETE', `/api/case-files/${file.id}/items/${notice?.id}`);
    expect(trashItem.statusCode).toBe(204);
    expect((await fileOf(files, file.id)).item_count).toBe(2);

    t.clock.advanceSeconds(60);
    expect((await files.send('DELETE', `/api/case-files/${file.id}`)).statusCode).toBe(204);
    const listed = okBody<CaseFileList>(await files.list(`account_id=${accountId}`));
    expect(listed.files).toEqual([]);
    expect((await fileOf(files, file.id)).trashed_at).not.toBeNull();
    expect((await files.timeline(file.id)).statusCode).toBe(404);
    expect(
      (await files.createItem(file.id, { title: 'Late', date: '2026-04-01' })).statusCode,
    ).toBe(404);
    // Items that went with their file are restored with it, not on their own.
    const withFile = await files.send(
      'POST',
      `/api/trash/case-file-items/${objection?.id}/restore`,
    );
    expect(withFile.statusCode).toBe(404);

    t.clock.advanceSeconds(60);
    const restored = okBody<CaseFile>(
      await files.send('POST', `/api/trash/case-files/${file.id}/restore`),
    );
    expect(restored).toMatchObject({ trashed_at: null, item_count: 2 });
    expect(restored.last_activity_at).toBe(t.clock.now().toISOString());
    expect(await wholeTimeline(files, file.id)).toEqual([
      ['2026-03-05', 'Answer'],
      ['2026-02-01', 'Objection'],
    ]);
    const stillTrashed = okBody<{ trashed_at: string | null }>(
      await files.getItem(file.id, notice?.id ?? ''),
    );
    expect(stillTrashed.trashed_at).not.toBeNull();

    // The item comes back on its own; then one goes for good.
    const back = await files.send('POST', `/api/trash/case-file-items/${notice?.id}/restore`);
    expect(back.json()).toMatchObject({ id: notice?.id, trashed_at: null, file_title: 'Tax 2026' });
    expect((await fileOf(files, file.id)).item_count).toBe(3);
    await files.send('DELETE', `/api/case-files/${file.id}/items/${objection?.id}`);
    const gone = await files.send('DELETE', `/api/trash/case-file-items/${objection?.id}`);
    expect(gone.statusCode).toBe(204);
    expect((await files.getItem(file.id, objection?.id ?? '')).statusCode).toBe(404);
    expect((await fileOf(files, file.id)).item_count).toBe(2);

    // A file deleted for good takes its items; a live file cannot be deleted so.
    expect((await files.send('DELETE', `/api/trash/case-files/${file.id}`)).statusCode).toBe(404);
    await files.send('DELETE', `/api/case-files/${file.id}`);
    expect((await files.send('DELETE', `/api/trash/case-files/${file.id}`)).statusCode).toBe(204);
    expect((await files.getFile(file.id)).statusCode).toBe(404);
    const leftovers = await t.app.db
      .selectFrom('case_file_items')
      .select('id')
      .where('file_id', '=', file.id)
      .execute();
    expect(leftovers).toEqual([]);
  });

  it('adds letters and uploads an item each or as one item, each letter once under a race', async () => {
    // Sessions see the clock's jumps, so the owner logs in after each.
    t.clock.setTo('2026-02-27T10:00:00Z');
    const owner = await createUserWithPassword(t.app);
    const { apiKey } = await createTestProvider(t.app, { name: 'Stadtwerke Müllheim' });
    const contract = await deliverTestLetter(t.app, apiKey, owner.email, { subject: 'Contract' });
    // 1 March in the server's time zone (Europe/Berlin), which dates the items.
    t.clock.setTo('2026-02-28T23:30:00Z');
    const reading = await deliverTestLetter(t.app, apiKey, owner.email, {
      subject: 'Meter reading',
    });
    const early = await login(t.app, owner.email, owner.password);
    const account = personalAccountOf(early);
    const photo = await storeUpload(t.app, early, {
      accountId: account,
      name: 'meter.png',
      bytes: TINY_PNG,
    });
    t.clock.setTo('2026-03-09T08:00:00Z');
    const bill = await deliverTestLetter(t.app, apiKey, owner.email, { subject: 'Annual bill' });
    const client = caseFileClient(t.app, await login(t.app, owner.email, owner.password));
    const home = await createTestCaseFile(client, account, 'Wohnung Lindenstraße 12');

    const added = okBody<AddResult>(
      await client.add(home.id, { letter_ids: [bill, contract], upload_ids: [photo] }),
    );
    expect(added.already_in_file).toBe(0);
    const timeline = okBody<CaseFileTimeline>(await client.timeline(home.id));
    expect(added.item_ids).toEqual(timeline.items.map((item) => item.id));
    expect(timeline.items.map((item) => [item.date, item.title])).toEqual([
      ['2026-03-09', 'Annual bill'],
      ['2026-03-01', 'meter.png'],
      ['2026-02-27', 'Contract'],
    ]);
    expect(timeline.items[0]?.letters).toEqual([
      expect.objectContaining({
        id: bill,
        subject: 'Annual bill',
        counterpart: 'Stadtwerke Müllheim',
        direction: 'inbound',
        trashed: false,
      }),
    ]);
    expect(timeline.items[1]?.attachments).toEqual([
      expect.objectContaining({ upload_id: photo, name: 'meter.png', content_type: 'image/png' }),
    ]);

    // Letters in the file already are skipped and counted.
    t.clock.advanceSeconds(60);
    const again = okBody<AddResult>(
      await client.add(home.id, { letter_ids: [contract, reading, bill], mode: 'item_each' }),
    );
    expect(again).toEqual({ item_ids: [expect.any(String)], already_in_file: 2 });
    // One item with all: they are linked again, in the order given.
    const both = okBody<AddResult>(
      await client.add(home.id, {
        letter_ids: [reading, contract],
        mode: 'one_item',
        title: 'Both together',
        date: '2026-03-10',
        notes: 'Read together.',
      }),
    );
    expect(both.already_in_file).toBe(2);
    const together = okBody<CaseFileItem>(await client.getItem(home.id, both.item_ids[0] ?? ''));
    expect(together.letters.map((letter) => letter.id)).toEqual([reading, contract]);
    expect(together).toMatchObject({ title: 'Both together', notes: 'Read together.' });
    // Without a title and date: the first one's name, and today.
    const single = okBody<AddResult>(
      await client.add(home.id, { upload_ids: [photo], mode: 'one_item' }),
    );
    expect(single.already_in_file).toBe(1);
    expect(await wholeTimeline(client, home.id)).toEqual([
      ['2026-03-10', 'Both together'],
      ['2026-03-09', 'meter.png'],
      ['2026-03-09', 'Annual bill'],
      ['2026-03-01', 'Meter reading'],
      ['2026-03-01', 'meter.png'],
      ['2026-02-27', 'Contract'],
    ]);
    expect(await fileOf(client, home.id)).toMatchObject({
      item_count: 6,
      last_activity_at: t.clock.now().toISOString(),
    });

    // Refused: nothing to add, another account's letter.
    const nothing = await client.add(home.id, { letter_ids: [], upload_ids: [] });
    expect(nothing.statusCode).toBe(400);
    const stranger = await createLoggedInUser(t.app);
    const foreign = await deliverTestLetter(t.app, apiKey, stranger.email);
    const theirs = await client.add(home.id, { letter_ids: [bill, foreign] });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().details).toEqual([expect.objectContaining({ path: 'letter_ids' })]);
    expect((await fileOf(client, home.id)).item_count).toBe(6);

    // Twenty identical requests at once add each letter and upload once.
    const race = await createTestCaseFile(client, account, 'Race');
    const body = { letter_ids: [contract, reading, bill], upload_ids: [photo] };
    const answers = await Promise.all(Array.from({ length: 20 }, () => client.add(race.id, body)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    const results = answers.map((answer) => okBody<AddResult>(answer));
    expect(results.flatMap((result) => result.item_ids)).toHaveLength(4);
    expect(results.reduce((sum, result) => sum + result.already_in_file, 0)).toBe(19 * 4);
    expect((await fileOf(client, race.id)).item_count).toBe(4);
    // One item each, at once: every request makes its own, and the count keeps up.
    await Promise.all(
      Array.from({ length: 10 }, () => client.add(race.id, { ...body, mode: 'one_item' })),
    );
    expect((await fileOf(client, race.id)).item_count).toBe(14);
    expect(await wholeTimeline(client, race.id, 100)).toHaveLength(14);
  });
});

type AddResult = { item_ids: string[]; already_in_file: number };
