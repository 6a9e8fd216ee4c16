import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CASE_FILE_NOTES_SNIPPET_LENGTH,
  type CaseFileItem,
  type CaseFileTimeline,
  type LetterCaseFiles,
} from '@kuvert/shared/case-files';
import { createLoggedInUser, type CreatedUser, type LoggedIn } from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import {
  createTestProvider,
  deliverTestLetter,
  personalAccountOf,
  samplePdf,
} from '../../test/mailbox.ts';
import { writePostalLetter } from '../../test/postal.ts';
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

describe.each(testEngines)('case file items (%s)', (engine) => {
  let t: TestApp;
  let me: CreatedUser & LoggedIn;
  let stranger: CreatedUser & LoggedIn;
  let accountId: string;
  let files: CaseFileClient;
  let apiKey: string;

  beforeEach(async () => {
    t = await createTestApp(engine);
    me = await createLoggedInUser(t.app);
    stranger = await createLoggedInUser(t.app);
    accountId = personalAccountOf(me);
    files = caseFileClient(t.app, me);
    apiKey = (await createTestProvider(t.app, { name: 'Allianz' })).apiKey;
  });
  afterEach(async () => t.close());

  const deliver = (subject: string, body = 'Hello there', extra: Record<string, unknown> = {}) =>
    deliverTestLetter(t.app, apiKey, me.email, { subject, body, ...extra });

  it('keeps a timeline of items and their links, newest first across months', async () => {
    const letters = [];
    for (const subject of ['One', 'Two', 'Three', 'Four', 'Five'])
      letters.push(await deliver(subject));
    const { letterId: sent } = await writePostalLetter(t.app, {
      accountId,
      userId: me.user.id,
      subject: 'Notice of claim',
      recipients: [
        {
          name: 'Hausverwaltung Kranz',
          street: 'Ring 1',
          postcode: '79379',
          city: 'Müllheim',
          country: 'DE',
        },
        {
          name: 'Second recipient',
          street: 'Ring 2',
          postcode: '79379',
          city: 'Müllheim',
          country: 'DE',
        },
      ],
    });
    const scan = await storeUpload(t.app, me, { accountId, name: 'scan.png', bytes: TINY_PNG });
    const car = await createTestCaseFile(files, accountId, 'Car insurance');
    const notes = `Called the agent.\n\nThey said:\n${'wait for the assessor '.repeat(12)}`;
    const claim = await createTestItem(files, car.id, {
      title: 'Claim filed',
      date: '2026-03-01',
      notes,
      letter_ids: letters,
      upload_ids: [scan],
    });
    expect(claim).toMatchObject({ file_title: 'Car insurance', file_color: 'blue', notes });
    expect(claim.letters.map((letter) => letter.subject)).toEqual([
      'One',
      'Two',
      'Three',
      'Four',
      'Five',
    ]);
    // Items of one day show newest first: ids follow the clock.
    t.clock.advanceSeconds(1);
    const call = await createTestItem(files, car.id, { title: 'Call', date: '2026-02-28' });
    t.clock.advanceSeconds(1);
    await createTestItem(files, car.id, { title: 'Photo sent', date: '2026-02-28' });
    await createTestItem(files, car.id, {
      title: 'Policy',
      date: '2026-01-31',
      letter_ids: [sent],
    });

    expect(await wholeTimeline(files, car.id)).toEqual([
      ['2026-03-01', 'Claim filed'],
      ['2026-02-28', 'Photo sent'],
      ['2026-02-28', 'Call'],
      ['2026-01-31', 'Policy'],
    ]);
    const timeline = okBody<CaseFileTimeline>(await files.timeline(car.id));
    const [first, , , policy] = timeline.items;
    expect(first).toMatchObject({ letter_count: 5, attachment_count: 1 });
    expect(first?.letters.map((letter) => letter.subject)).toEqual(['One', 'Two', 'Three']);
    expect(first?.letters[0]).toMatchObject({
      counterpart: 'Allianz',
      direction: 'inbound',
      trashed: false,
    });
    expect(first?.attachments).toEqual([
      expect.objectContaining({ upload_id: scan, name: 'scan.png', trashed: false }),
    ]);
    expect(first?.notes_snippet).toMatch(
      /^Called the agent\. They said: wait for the assessor .*…$/,
    );
    expect(first?.notes_snippet.length).toBeLessThanOrEqual(CASE_FILE_NOTES_SNIPPET_LENGTH);
    expect(policy?.letters).toEqual([
      expect.objectContaining({
        id: sent,
        direction: 'outbound',
        counterpart: 'Hausverwaltung Kranz',
      }),
    ]);
    expect(await fileOf(files, car.id)).toMatchObject({ item_count: 4 });

    // Links replaced; a letter moved to the trash stays linked and says so.
    t.clock.advanceSeconds(60);
    await files.send('POST', '/api/letters/bulk', { letter_ids: [letters[4]], action: 'trash' });
    const changed = okBody<CaseFileItem>(
      await files.patchItem(car.id, claim.id, {
        letter_ids: [letters[4], letters[0]],
        upload_ids: [],
      }),
    );
    expect(changed.letters.map((letter) => [letter.subject, letter.trashed])).toEqual([
      ['Five', true],
      ['One', false],
    ]);
    expect(changed.attachments).toEqual([]);
    expect((await fileOf(files, car.id)).last_activity_at).toBe(t.clock.now().toISOString());

    // Bad input is refused with the field named, and changes nothing.
    const theirLetter = await deliverTestLetter(t.app, apiKey, stranger.email);
    const theirUpload = await storeUpload(t.app, stranger, {
      accountId: personalAccountOf(stranger),
      name: 'theirs.png',
      bytes: TINY_PNG,
    });
    const refusals = [
      [{ title: ' ', date: '2026-03-01' }, 400, 'body.title'],
      [{ title: 'Bad day', date: '2026-02-30' }, 400, 'body.date'],
      [{ title: 'Bad day', date: '1 March' }, 400, 'body.date'],
      [
        { title: 'Many', date: '2026-03-01', letter_ids: Array(101).fill(sent) },
        400,
        'body.letter_ids',
      ],
      [{ title: 'Theirs', date: '2026-03-01', letter_ids: [sent, theirLetter] }, 404, 'letter_ids'],
      [{ title: 'Theirs', date: '2026-03-01', upload_ids: [theirUpload] }, 404, 'upload_ids'],
    ] as const;
    for (const [payload, status, path] of refusals) {
      const response = await files.createItem(car.id, payload);
      expect({ path, status: response.statusCode }).toEqual({ path, status });
      expect(response.json().details).toEqual([expect.objectContaining({ path })]);
    }
    const badPatch = await files.patchItem(car.id, claim.id, { letter_ids: [theirLetter] });
    expect(badPatch.statusCode).toBe(404);
    expect(okBody<CaseFileItem>(await files.getItem(car.id, claim.id)).letters).toHaveLength(2);
    expect(await fileOf(files, car.id)).toMatchObject({ item_count: 4 });

    // Moving: to another live file of the same account only; both files follow.
    const home = await createTestCaseFile(files, accountId, 'Home');
    const theirFile = await createTestCaseFile(
      caseFileClient(t.app, stranger),
      personalAccountOf(stranger),
      'Theirs',
    );
    const old = await createTestCaseFile(files, accountId, 'Old');
    await files.send('DELETE', `/api/case-files/${old.id}`);
    const move = (fileId: string, target: string) =>
      files.send('POST', `/api/case-files/${fileId}/items/${call.id}/move`, { file_id: target });
    for (const target of [theirFile.id, old.id]) {
      const refused = await move(car.id, target);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().details).toEqual([expect.objectContaining({ path: 'file_id' })]);
    }
    expect((await move(home.id, home.id)).statusCode).toBe(404);
    t.clock.advanceSeconds(60);
    const moved = okBody<CaseFileItem>(await move(car.id, home.id));
    expect(moved).toMatchObject({ file_id: home.id, file_title: 'Home', title: 'Call' });
    const now = t.clock.now().toISOString();
    expect(await fileOf(files, car.id)).toMatchObject({ item_count: 3, last_activity_at: now });
    expect(await fileOf(files, home.id)).toMatchObject({ item_count: 1, last_activity_at: now });
    expect(await wholeTimeline(files, home.id)).toEqual([['2026-02-28', 'Call']]);
    expect((await files.getItem(car.id, call.id)).statusCode).toBe(404);
  });

  it('finds reference numbers and suggests the files a letter may belong to', async () => {
    const ofLetter = async (letterId: string) =>
      okBody<LetterCaseFiles>(await files.ofLetter(letterId));
    const welcome = await deliver('Welcome', 'Ihre Kundennummer: 4711-0815\nWillkommen!');
    const instalment = await deliver('Abschlag', 'Kunden-Nr. 4711/0815 · Abschlag 80,00 €');
    const policyLetter = await deliver('Your policy', 'Please find the policy attached.');
    await t.app.jobs.runDueJobs();
    const plain = await deliver('Newsletter', 'Nothing to see, call 0761 123456.');
    const withPdf = await deliverTestLetter(
      t.app,
      apiKey,
      me.email,
      { subject: 'Renewal', body: 'See the attachment.' },
      {
        documents: [
          { filename: 'renewal.pdf', content: await samplePdf('Vertragsnummer VN-2024-00123') },
        ],
      },
    );
    await t.app.jobs.runDueJobs();

    const power = await createTestCaseFile(files, accountId, 'Strom', { color: 'yellow' });
    const added = okBody<{ item_ids: string[] }>(
      await files.add(power.id, { letter_ids: [welcome] }),
    );
    const powerRef = { id: power.id, title: 'Strom', color: 'yellow' };
    expect(await ofLetter(welcome)).toEqual({
      files: [{ ...powerRef, item_id: added.item_ids[0], item_title: 'Welcome' }],
      suggestions: [],
    });
    expect(await ofLetter(instalment)).toEqual({
      files: [],
      suggestions: [{ file: powerRef, reference: 'Kundennummer 4711-0815' }],
    });
    expect(await ofLetter(plain)).toEqual({ files: [], suggestions: [] });

    // A number in an item's notes matches the text of a letter's document.
    const insurance = await createTestCaseFile(files, accountId, 'Versicherung', {
      color: 'grape',
    });
    const noted = await createTestItem(files, insurance.id, {
      title: 'Phone call',
      date: '2026-03-01',
      notes: 'Vertrags-Nr. VN 2024 00123, agent: Frau Roth',
      letter_ids: [policyLetter],
    });
    expect((await ofLetter(withPdf)).suggestions).toEqual([
      {
        file: { id: insurance.id, title: 'Versicherung', color: 'grape' },
        reference: 'Vertrags-Nr. VN 2024 00123',
      },
    ]);
    await files.patchItem(insurance.id, noted.id, { notes: 'Nothing noted.' });
    expect((await ofLetter(withPdf)).suggestions).toEqual([]);

    // Once in the file, no longer suggested; once its item is trashed, suggested again by
    // the number the other letter brought.
    await files.add(power.id, { letter_ids: [instalment] });
    expect(await ofLetter(instalment)).toMatchObject({
      files: [{ id: power.id }],
      suggestions: [],
    });
    await files.send('DELETE', `/api/case-files/${power.id}/items/${added.item_ids[0]}`);
    expect(await ofLetter(welcome)).toEqual({
      files: [],
      suggestions: [{ file: powerRef, reference: 'Kunden-Nr. 4711/0815' }],
    });
    // A trashed file suggests nothing; another account's letter is not found.
    await files.send('DELETE', `/api/case-files/${power.id}`);
    expect(await ofLetter(welcome)).toEqual({ files: [], suggestions: [] });
    const theirs = await deliverTestLetter(t.app, apiKey, stranger.email);
    expect((await files.ofLetter(theirs)).statusCode).toBe(404);
    expect((await fileOf(files, insurance.id)).item_count).toBe(1);

    // A letter filed before its PDF was read: the number in the PDF counts once it is read.
    const contract = await deliverTestLetter(
      t.app,
      apiKey,
      me.email,
      { subject: 'Contract', body: 'See the attachment.' },
      {
        documents: [
          { filename: 'contract.pdf', content: await samplePdf('Vertragsnummer VX-7788-99') },
        ],
      },
    );
    const flat = await createTestCaseFile(files, accountId, 'Flat');
    await files.add(flat.id, { letter_ids: [contract] });
    const change = await deliver('Change', 'Betrifft Vertragsnummer VX 7788 99');
    expect((await ofLetter(change)).suggestions).toEqual([]);
    await t.app.jobs.runDueJobs();
    expect((await ofLetter(change)).suggestions).toEqual([
      expect.objectContaining({ file: expect.objectContaining({ id: flat.id }) }),
    ]);
  });
});
