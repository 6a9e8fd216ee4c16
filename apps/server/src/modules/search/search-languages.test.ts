import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Language } from '@kuvert/shared/auth';
import { SEARCH_HIGHLIGHT_END, SEARCH_HIGHLIGHT_START } from '@kuvert/shared/search';
import { newId } from '../../db/ids.ts';
import { enqueueJob } from '../../plugins/jobs.ts';
import { updateUploadSearchIndex } from '../../plugins/search-index.ts';
import { createLoggedInUser, type CreatedUser, type LoggedIn } from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { createTestProvider, deliverTestLetter, personalAccountOf } from '../../test/mailbox.ts';
import { SEARCH_REFRESH_JOB } from './search-jobs.ts';

const mark = (word: string) => `${SEARCH_HIGHLIGHT_START}${word}${SEARCH_HIGHLIGHT_END}`;

/** A stored, read upload, indexed as the uploads area does (see upload-search.test.ts). */
async function addUpload(t: TestApp, owner: CreatedUser & LoggedIn, name: string, text: string) {
  const id = newId(t.clock.now().getTime());
  const now = t.clock.now().toISOString();
  await t.app.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('uploads')
      .values({
        id,
        account_id: personalAccountOf(owner),
        created_by_user_id: owner.user.id,
        name,
        status: 'stored',
        content_type: 'application/pdf',
        size: 1234,
        received_bytes: 1234,
        storage_key: `sha256-${id}`,
        sha256: 'a'.repeat(64),
        text_status: 'extracted',
        text_source: 'pdf',
        text,
        page_count: 1,
        purpose: 'library',
        created_at: now,
        updated_at: now,
        stored_at: now,
      })
      .execute();
    await updateUploadSearchIndex(t.app, trx, id);
  });
  return id;
}

const uploadIdsOf = (hits: { type: string; upload?: { id: string } }[]) =>
  hits.flatMap((hit) => (hit.upload ? [hit.upload.id] : []));

describe.each(testEngines)('search in the person’s language (%s)', (engine) => {
  let t: TestApp;
  let apiKey: string;

  beforeEach(async () => {
    t = await createTestApp(engine);
    apiKey = (await createTestProvider(t.app, { name: 'Skatteverket' })).apiKey;
  });
  afterEach(async () => t.close());

  const personSpeaking = (language: Language) => createLoggedInUser(t.app, { language });
  const search = (user: LoggedIn, q: string) =>
    t.app.inject({
      url: `/api/search?account_id=${personalAccountOf(user)}&q=${encodeURIComponent(q)}`,
      headers: { cookie: user.cookie },
    });
  const found = async (user: LoggedIn, q: string): Promise<string[]> => {
    const response = await search(user, q);
    expect(response.statusCode).toBe(200);
    return response.json().hits.map((hit: { letter: { id: string } }) => hit.letter.id);
  };
  const letterTo = (user: CreatedUser, subject: string, body = 'Hej') =>
    deliverTestLetter(t.app, apiKey, user.email, { subject, body });

  it('folds å, ä, ö, ø, ü and é to their letters and spells out æ, œ and ß', async () => {
    const me = await personSpeaking('da');
    const malmo = await letterTo(me, 'Kvitto från Malmö stad');
    const aero = await letterTo(
      me,
      'Færgebillet til Ærø',
      'Afgang fra Svendborg, ankomst Ærøskøbing',
    );
    const strasse = await letterTo(me, 'Neue Adresse', 'Hauptstraße 5, Café Müller, Øresund');

    expect(await found(me, 'malmo')).toEqual([malmo]);
    expect(await found(me, 'MALMÖ')).toEqual([malmo]);
    // æ is spelled out, ø loses its stroke as ö its dots: Ærø is "aero", not "aro" or "aeroe".
    expect(await found(me, 'aero')).toEqual([aero]);
    expect(await found(me, 'ærø')).toEqual([aero]);
    expect(await found(me, 'Aerø')).toEqual([aero]);
    expect(await found(me, '"til aero"')).toEqual([aero]);
    expect(await found(me, '"til aro"')).toEqual([]);
    expect(await found(me, 'faergebillet')).toEqual([aero]);
    expect(await found(me, 'aeroskobing')).toEqual([aero]);
    expect(await found(me, 'hauptstrasse')).toEqual([strasse]);
    expect(await found(me, 'cafe muller oresund')).toEqual([strasse]);

    // Marked in the letter's own spelling.
    const hit = (await search(me, 'aero')).json().hits[0];
    expect(hit.snippet).toContain(mark('Ærø'));
    expect((await search(me, 'oresund')).json().hits[0].snippet).toContain(mark('Øresund'));
  });

  it('folds the names and text of uploads the same way', async () => {
    const me = await personSpeaking('nb');
    const upload = await addUpload(t, me, 'Leiekontrakt Tromsø.pdf', 'Utleier: Bjørn Ærlig');
    expect(uploadIdsOf((await search(me, 'tromso')).json().hits)).toEqual([upload]);
    expect(uploadIdsOf((await search(me, 'bjorn aerlig')).json().hits)).toEqual([upload]);
    expect((await search(me, 'bjorn')).json().hits[0].snippet).toContain(mark('Bjørn'));
  });

  it('rewrites the index in place when the refresh job runs, finding the same letters', async () => {
    const me = await personSpeaking('sv');
    const malmo = await letterTo(me, 'Kvitto från Malmö stad');
    await enqueueJob(t.app.db, t.app.clock, { type: SEARCH_REFRESH_JOB, payload: null });
    await t.app.jobs.runDueJobs();
    expect(await found(me, 'malmo')).toEqual([malmo]);
    expect(await found(me, 'kvitto')).toEqual([malmo]);
  });
});

const postgresOnly = testEngines.filter((engine) => engine === 'postgres');

describe.each(postgresOnly)('stems in the searcher’s language (%s)', (engine) => {
  let t: TestApp;
  let apiKey: string;

  beforeEach(async () => {
    t = await createTestApp(engine);
    apiKey = (await createTestProvider(t.app, { name: 'Skatteverket' })).apiKey;
  });
  afterEach(async () => t.close());

  const personSpeaking = (language: Language) => createLoggedInUser(t.app, { language });
  const search = (user: LoggedIn, q: string) =>
    t.app.inject({
      url: `/api/search?account_id=${personalAccountOf(user)}&q=${encodeURIComponent(q)}`,
      headers: { cookie: user.cookie },
    });
  const found = async (user: LoggedIn, q: string): Promise<string[]> => {
    const response = await search(user, q);
    expect(response.statusCode).toBe(200);
    return response.json().hits.map((hit: { letter: { id: string } }) => hit.letter.id);
  };
  const letterTo = (user: CreatedUser, subject: string, body = 'Hej') =>
    deliverTestLetter(t.app, apiKey, user.email, { subject, body });

  it('finds a Swedish letter by an inflected form: "fakturan" finds "faktura"', async () => {
    const me = await personSpeaking('sv');
    const invoice = await letterTo(me, 'Din faktura för november', 'Betala senast den 30:e.');
    await letterTo(me, 'Kallelse till årsstämma');

    expect(await found(me, 'fakturan')).toEqual([invoice]);
    expect(await found(me, 'fakturorna')).toEqual([invoice]);
    expect(await found(me, 'fakturan november')).toEqual([invoice]);
    // The word as written is still marked.
    expect((await search(me, 'fakturan')).json().hits[0].snippet).toContain(mark('faktura'));
    // Quoted words are those words exactly; so are exclusions.
    expect(await found(me, '"fakturan"')).toEqual([]);
    expect(await found(me, 'november -fakturan')).toEqual([invoice]);
  });

  it('finds a Danish letter by the bare or the definite form of its word', async () => {
    const me = await personSpeaking('da');
    const bill = await letterTo(me, 'Regningen for el', 'Betales senest fredag.');
    const reminder = await letterTo(me, 'Påmindelse', 'Din regning er ikke betalt.');
    const plural = await letterTo(me, 'Oversigt', 'Alle regningerne for 2026.');

    expect((await found(me, 'regningen')).toSorted()).toEqual([bill, reminder, plural].toSorted());
    expect((await found(me, '"regning"')).toSorted()).toEqual([reminder]);
  });

  it('finds a Norwegian letter by "fakturaen", the way Norwegians write it', async () => {
    const me = await personSpeaking('nb');
    const invoice = await letterTo(me, 'Ny faktura fra Telenor', 'Forfall 15. desember.');
    expect(await found(me, 'fakturaen')).toEqual([invoice]);
    expect(await found(me, 'fakturaene')).toEqual([invoice]);
  });

  it('still finds what a German user found, and German forms meet', async () => {
    const me = await personSpeaking('de');
    const house = await letterTo(me, 'Grundsteuer für Ihr Haus', 'Zählerstand bitte melden.');
    expect(await found(me, 'zahlerst')).toEqual([house]);
    expect(await found(me, 'Grundsteuer')).toEqual([house]);
    expect(await found(me, 'Häuser')).toEqual([house]);
  });

  it('stems only in the searcher’s language: an English reader finds "fakturan" only as written', async () => {
    const english = await personSpeaking('en');
    const plain = await letterTo(english, 'Din faktura för november');
    expect(await found(english, 'fakturan')).toEqual([]);
    const written = await letterTo(english, 'Påminnelse om fakturan');
    expect(await found(english, 'fakturan')).toEqual([written]);
    // English forms meet in English.
    const invoices = await letterTo(english, 'Your invoices for 2026');
    expect(await found(english, 'invoice')).toEqual([invoices]);
    expect(await found(english, 'invoicing')).toEqual([invoices]);
    expect((await found(english, 'faktura')).toSorted()).toEqual([plain, written].toSorted());
  });

  it('finds an upload by an inflected form too', async () => {
    const me = await personSpeaking('sv');
    const upload = await addUpload(t, me, 'Hyresavier.pdf', 'Hyran för december ska betalas.');
    expect(uploadIdsOf((await search(me, 'hyresavin')).json().hits)).toEqual([upload]);
    expect(uploadIdsOf((await search(me, 'hyrorna')).json().hits)).toEqual([upload]);
  });
});
