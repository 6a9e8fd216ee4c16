import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEARCH_HIGHLIGHT_END, SEARCH_HIGHLIGHT_START } from '@kuvert/shared/search';
import type { SearchHit } from '@kuvert/shared/search';
import type { UploadPurpose } from '@kuvert/shared/uploads';
import { runCli } from '../../cli/run-cli.ts';
import { newId } from '../../db/ids.ts';
import { createLoggedInUser, type CreatedUser, type LoggedIn } from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import {
  addMember,
  createSharedAccount,
  createTestProvider,
  deliverTestLetter,
  personalAccountOf,
} from '../../test/mailbox.ts';
import { updateUploadSearchIndex } from '../../plugins/search-index.ts';

const mark = (word: string) => `${SEARCH_HIGHLIGHT_START}${word}${SEARCH_HIGHLIGHT_END}`;
const keyOf = (hit: SearchHit) => (hit.type === 'letter' ? hit.letter.id : hit.upload.id);

describe.each(testEngines)('search over uploads (%s)', (engine) => {
  let t: TestApp;
  let me: CreatedUser & LoggedIn;
  let stranger: CreatedUser & LoggedIn;
  let apiKey: string;

  beforeEach(async () => {
    t = await createTestApp(engine);
    me = await createLoggedInUser(t.app);
    stranger = await createLoggedInUser(t.app);
    apiKey = (await createTestProvider(t.app, { name: 'Stadtwerke Müllheim' })).apiKey;
  });
  afterEach(async () => t.close());

  interface NewUpload {
    name: string;
    text?: string | null;
    owner?: CreatedUser & LoggedIn;
    accountId?: string;
    status?: 'receiving' | 'stored';
    purpose?: UploadPurpose;
  }

  /**
   * An upload as the uploads area leaves it once stored and read (the tus server and the
   * reading job are not what this suite tests), indexed in the same transaction.
   */
  const addUpload = async ({
    name,
    text = null,
    owner = me,
    accountId,
    status,
    purpose = 'library',
  }: NewUpload) => {
    const id = newId(t.clock.now().getTime());
    const now = t.clock.now().toISOString();
    const isStored = (status ?? 'stored') === 'stored';
    await t.app.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('uploads')
        .values({
          id,
          account_id: accountId ?? personalAccountOf(owner),
          created_by_user_id: owner.user.id,
          name,
          status: status ?? 'stored',
          content_type: 'application/pdf',
          size: 1234,
          received_bytes: isStored ? 1234 : 100,
          storage_key: isStored ? `sha256-${id}` : null,
          sha256: isStored ? 'a'.repeat(64) : null,
          text_status: text === null ? 'pending' : 'extracted',
          text_source: text === null ? null : 'pdf',
          text,
          page_count: 1,
          purpose,
          created_at: now,
          updated_at: now,
          stored_at: isStored ? now : null,
        })
        .execute();
      await updateUploadSearchIndex(t.app, trx, id);
    });
    return id;
  };

  /** What the uploads area does to an upload, then the index, in one transaction. */
  const changeUpload = async (
    id: string,
    change: { name?: string; text?: string; trashed_at?: string | null },
  ) => {
    await t.app.db.transaction().execute(async (trx) => {
      await trx.updateTable('uploads').set(change).where('id', '=', id).execute();
      await updateUploadSearchIndex(t.app, trx, id);
    });
  };

  const search = (user: LoggedIn, q: string, extra = '', accountId = personalAccountOf(user)) =>
    t.app.inject({
      url: `/api/search?account_id=${accountId}&q=${encodeURIComponent(q)}${extra}`,
      headers: { cookie: user.cookie },
    });
  const hitsOf = async (q: string, extra = '', user: LoggedIn = me, accountId?: string) => {
    const response = await search(user, q, extra, accountId);
    expect(response.statusCode).toBe(200);
    const hits: SearchHit[] = response.json().hits;
    return hits;
  };
  const found = async (q: string, extra = '', user: LoggedIn = me, accountId?: string) =>
    (await hitsOf(q, extra, user, accountId)).map(keyOf);

  it('finds an upload by a word of its text and of its name, marked, as the uploads list shows it', async () => {
    const id = await addUpload({
      name: 'Mietvertrag Müllerstraße.pdf',
      text: 'Die Kaution beträgt drei Monatsmieten.\nDer Vermieter bestätigt den Empfang.',
    });

    const byText = await hitsOf('kaution');
    expect(byText).toEqual([
      {
        type: 'upload',
        upload: {
          id,
          account_id: personalAccountOf(me),
          name: 'Mietvertrag Müllerstraße.pdf',
          content_type: 'application/pdf',
          kind: 'pdf',
          size: 1234,
          page_count: 1,
          text_status: 'extracted',
          text_failure: null,
          has_thumbnail: false,
          created_at: t.clock.now().toISOString(),
          trashed_at: null,
        },
        matched_in: 'text',
        snippet: expect.stringContaining(`Die ${mark('Kaution')} beträgt`),
      },
    ]);
    const [byName] = await hitsOf('mietvertrag');
    expect(byName).toMatchObject({ type: 'upload', matched_in: 'name' });
    expect(byName?.snippet).toContain(mark('Mietvertrag'));
    // Diacritics folded, the last word a prefix, phrases and exclusions as for letters.
    expect(await found('mullerstr')).toEqual([id]);
    expect(await found('"drei monatsmieten"')).toEqual([id]);
    expect(await found('"monatsmieten drei"')).toEqual([]);
    expect(await found('kaution -vermieter')).toEqual([]);
    expect(await found('kaution OR nebenkosten')).toEqual([id]);
  });

  it('does not find a CSV uploaded for a mail merge', async () => {
    await addUpload({
      name: 'Serienbrief Empfänger.csv',
      text: 'Ulla Unsichtbar;Hauptstraße 1',
      purpose: 'mail_merge',
    });
    const kept = await addUpload({ name: 'Empfänger Archiv.csv', text: 'Ulla Unsichtbar' });
    expect(await found('unsichtbar')).toEqual([kept]);
    expect(await found('serienbrief')).toEqual([]);
  });

  it('leaves out uploads in the trash and finds them again once restored', async () => {
    const id = await addUpload({ name: 'scan.png', text: 'Zählerstand 4711 Kilowattstunden' });
    expect(await found('kilowattstunden')).toEqual([id]);

    await changeUpload(id, { trashed_at: t.clock.now().toISOString() });
    expect(await found('kilowattstunden')).toEqual([]);
    expect(await found('kilowattstunden', '&sort=newest')).toEqual([]);
    expect(await found('scan', '&kind=uploads')).toEqual([]);

    await changeUpload(id, { trashed_at: null });
    expect(await found('kilowattstunden')).toEqual([id]);
    expect(await found('kilowattstunden', '&sort=newest')).toEqual([id]);

    // Had the index not been told, the upload in the trash would still not be shown.
    const trashedAt = t.clock.now().toISOString();
    await t.app.db
      .updateTable('uploads')
      .set({ trashed_at: trashedAt })
      .where('id', '=', id)
      .execute();
    expect(await found('kilowattstunden')).toEqual([]);
  });

  it('follows a rename and the text once read, and forgets an upload that is gone', async () => {
    const id = await addUpload({ name: 'IMG_0042.jpg' });
    // Not read yet: found by its name only.
    expect(await found('img')).toEqual([id]);
    expect(await found('steuerbescheid')).toEqual([]);

    await changeUpload(id, { text: 'Steuerbescheid für 2024' });
    expect(await found('steuerbescheid')).toEqual([id]);
    await changeUpload(id, { name: 'Bescheid Finanzamt.jpg' });
    expect(await found('img')).toEqual([]);
    expect((await hitsOf('finanzamt'))[0]?.snippet).toBe(`Bescheid ${mark('Finanzamt')}.jpg`);

    // Deleted for good: its entry goes with it, whether or not the index is told.
    await t.app.db.deleteFrom('uploads').where('id', '=', id).execute();
    await t.app.db.transaction().execute((trx) => updateUploadSearchIndex(t.app, trx, id));
    expect(await found('steuerbescheid OR finanzamt')).toEqual([]);
    const table = engine === 'sqlite' ? 'uploads_search_text' : 'uploads_search';
    const { rows } = await sql<{ count: number }>`select count(*) as count from ${sql.table(
      table,
    )}`.execute(t.app.db);
    expect(Number(rows[0]?.count)).toBe(0);
  });

  it('finds only stored uploads: one still being received is not there yet', async () => {
    const receiving = await addUpload({ name: 'Halbfertig.pdf', status: 'receiving' });
    expect(await found('halbfertig')).toEqual([]);
    await t.app.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('uploads')
        .set({ status: 'stored', storage_key: 'sha256-x', sha256: 'b'.repeat(64) })
        .where('id', '=', receiving)
        .execute();
      await updateUploadSearchIndex(t.app, trx, receiving);
    });
    expect(await found('halbfertig')).toEqual([receiving]);
  });

  it('never shows another account’s uploads, and any member of a shared account finds its uploads', async () => {
    const theirs = await addUpload({ owner: stranger, name: 'Secret tariff.pdf', text: 'tariff' });
    const mine = await addUpload({ name: 'My tariff.pdf', text: 'My tariff, not a secret.' });
    for (const q of ['tariff', 'secret OR tariff', '"secret tariff"', 'secret', 'tariff -my']) {
      for (const extra of ['', '&sort=newest', '&kind=uploads', '&kind=uploads&sort=newest']) {
        expect(await found(q, extra)).not.toContain(theirs);
      }
    }
    expect(await found('tariff', '&kind=uploads')).toEqual([mine]);
    const intoTheirAccount = await search(me, 'secret', '', personalAccountOf(stranger));
    expect(intoTheirAccount.statusCode).toBe(404);

    const shared = await createSharedAccount(t.app, stranger.user.id);
    await addMember(t.app, shared, me.user.id, 'viewer');
    const sharedUpload = await addUpload({ owner: stranger, accountId: shared, name: 'Gemeinsam' });
    expect(await found('gemeinsam', '', me, shared)).toEqual([sharedUpload]);
    expect(await found('gemeinsam', '', stranger, shared)).toEqual([sharedUpload]);
    expect(await found('gemeinsam')).toEqual([]);
  });

  it('searches letters, uploads or both as asked', async () => {
    const letter = await deliverTestLetter(t.app, apiKey, me.email, {
      subject: 'Abschlag',
      body: 'Ihr Abschlag für Wasser.',
    });
    t.clock.advanceSeconds(60);
    const upload = await addUpload({ name: 'Wasserzähler.jpg', text: 'Abschlag Wasser 42 Euro' });

    const all = await hitsOf('abschlag', '&sort=newest');
    expect(all.map((hit) => [hit.type, keyOf(hit)])).toEqual([
      ['upload', upload],
      ['letter', letter],
    ]);
    expect(await found('abschlag', '&kind=all&sort=newest')).toEqual([upload, letter]);
    expect(await found('abschlag', '&kind=letters')).toEqual([letter]);
    expect(await found('abschlag', '&kind=uploads')).toEqual([upload]);
    expect((await hitsOf('abschlag', '&kind=letters'))[0]).toMatchObject({
      type: 'letter',
      matched_in: 'subject',
    });
    expect((await search(me, 'abschlag', '&kind=folders')).statusCode).toBe(400);
  });

  it('ranks letters and uploads alike: a name weighs as a subject, text as a document', async () => {
    const letterByBody = await deliverTestLetter(t.app, apiKey, me.email, {
      subject: 'Monthly update',
      body: 'Among other things, a word about the tariff and what else changes.',
    });
    const uploadByName = await addUpload({ name: 'Tariff 2025.pdf', text: 'Prices and terms.' });
    const letterBySubject = await deliverTestLetter(t.app, apiKey, me.email, {
      subject: 'New tariff',
      body: 'Your prices change in May.',
    });
    const uploadByText = await addUpload({
      name: 'scan-0007.png',
      text: 'Among many other things on this long page of a scanned letter, the tariff.',
    });
    const ranked = await found('tariff');
    expect(ranked).toHaveLength(4);
    expect(ranked.indexOf(uploadByName)).toBeLessThan(ranked.indexOf(letterByBody));
    expect(ranked.indexOf(letterBySubject)).toBeLessThan(ranked.indexOf(uploadByText));
  });

  /** Every page of a search, `limit` at a time, with what to do after the first one. */
  const pagedThrough = async (q: string, extra: string, afterFirstPage = async () => {}) => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const after = cursor === null ? '' : `&cursor=${cursor}`;
      const page = await search(me, q, `${extra}${after}`);
      expect(page.statusCode).toBe(200);
      const hits: SearchHit[] = page.json().hits;
      seen.push(...hits.map(keyOf));
      cursor = page.json().next_cursor;
      pages += 1;
      if (pages === 1) await afterFirstPage();
    } while (cursor !== null && pages < 50);
    return seen;
  };

  /** Seven letters and six uploads with the word, their times interleaved. */
  const seedMixed = async () => {
    const created: string[] = [];
    for (let index = 0; index < 13; index += 1) {
      t.clock.advanceSeconds(60);
      const repeat = 'meter '.repeat((index % 4) + 1);
      if (index % 2 === 0) {
        created.push(
          await deliverTestLetter(t.app, apiKey, me.email, {
            subject: `Letter ${index}`,
            body: `${repeat}reading number ${index}`,
          }),
        );
      } else {
        created.push(
          await addUpload({ name: `upload-${index}.pdf`, text: `${repeat}photo ${index}` }),
        );
      }
    }
    return created;
  };

  const arriveLate = async () => {
    t.clock.advanceSeconds(60);
    await deliverTestLetter(t.app, apiKey, me.email, { subject: 'Late meter' });
    await addUpload({ name: 'late meter.pdf' });
  };

  describe('paging mixed results', () => {
    it('pages newest first through letters and uploads without repeats or gaps', async () => {
      const created = await seedMixed();
      const newestFirst = created.toReversed();
      expect(await found('meter', '&sort=newest&limit=50')).toEqual(newestFirst);
      for (const limit of [1, 2, 5]) {
        expect(await pagedThrough('meter', `&sort=newest&limit=${limit}`)).toEqual(newestFirst);
      }
      // A letter and an upload arriving meanwhile neither repeat nor hide one of the pages.
      expect(await pagedThrough('meter', '&sort=newest&limit=3', arriveLate)).toEqual(newestFirst);
    });

    it('pages by relevance through letters and uploads in the order of one search', async () => {
      const created = await seedMixed();
      const ranked = await found('meter', '&limit=50');
      expect(ranked.toSorted()).toEqual(created.toSorted());
      for (const limit of [1, 2, 5]) {
        expect(await pagedThrough('meter', `&limit=${limit}`)).toEqual(ranked);
      }
      // Each index keeps its own order within the merged one.
      const uploadsRanked = await found('meter', '&kind=uploads&limit=50');
      expect(ranked.filter((id) => uploadsRanked.includes(id))).toEqual(uploadsRanked);
      expect(await pagedThrough('meter', '&kind=uploads&limit=2')).toEqual(uploadsRanked);
      const lettersRanked = await found('meter', '&kind=letters&limit=50');
      expect(ranked.filter((id) => lettersRanked.includes(id))).toEqual(lettersRanked);
    });

    it('refuses a cursor of another sort or kind', async () => {
      await seedMixed();
      const first = await search(me, 'meter', '&limit=2');
      const cursor: string = first.json().next_cursor;
      expect((await search(me, 'meter', `&limit=2&cursor=${cursor}`)).statusCode).toBe(200);
      for (const extra of ['&kind=letters', '&kind=uploads', '&sort=newest']) {
        const response = await search(me, 'meter', `&limit=2${extra}&cursor=${cursor}`);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          code: 'VALIDATION_FAILED',
          details: [{ path: 'querystring.cursor' }],
        });
      }
      expect((await search(me, 'meter', '&cursor=bm9wZQ')).statusCode).toBe(400);
    });
  });

  it('finds uploads again after the index is rebuilt from scratch', async () => {
    await deliverTestLetter(t.app, apiKey, me.email, { subject: 'Quittung' });
    const id = await addUpload({ name: 'Quittung Baumarkt.jpg', text: 'Schrauben 4,99' });
    await addUpload({ owner: stranger, name: 'Quittung Bäcker.jpg' });
    await addUpload({ name: 'Quittung halb.jpg', status: 'receiving' });
    if (engine === 'sqlite') {
      await sql`insert into uploads_fts (uploads_fts) values ('delete-all')`.execute(t.app.db);
      await sql`delete from uploads_search_text`.execute(t.app.db);
    } else {
      await sql`delete from uploads_search`.execute(t.app.db);
    }
    expect(await found('schrauben')).toEqual([]);

    const out: string[] = [];
    const code = await runCli(
      ['search', 'reindex'],
      { out: (text) => out.push(text), error: () => {} },
      async () => ({ app: t.app, close: async () => {} }),
    );

    expect(code).toBe(0);
    expect(out).toEqual(['Indexed 1 letters and 2 uploads.']);
    expect(await found('schrauben')).toEqual([id]);
    expect(await found('quittung', '&kind=uploads')).toEqual([id]);
    // Rebuilding twice leaves one entry per upload.
    await runCli(['search', 'reindex'], { out: () => {}, error: () => {} }, async () => ({
      app: t.app,
      close: async () => {},
    }));
    expect(await found('quittung', '&kind=uploads')).toEqual([id]);
  });
});
