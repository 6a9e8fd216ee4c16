import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEARCH_HIGHLIGHT_END, SEARCH_HIGHLIGHT_START } from '@kuvert/shared/search';
import { runCli } from '../../cli/run-cli.ts';
import { createLoggedInUser, type CreatedUser, type LoggedIn } from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { dayFromToday } from '../../test/invoices.ts';
import {
  createTestProvider,
  deliverTestLetter,
  multipart,
  personalAccountOf,
  samplePdf,
  VALID_IBAN,
} from '../../test/mailbox.ts';

const sorted = (ids: string[]) => ids.toSorted();

describe.each(testEngines)('search (%s)', (engine) => {
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

  const search = (user: LoggedIn, q: string, extra = '') =>
    t.app.inject({
      url: `/api/search?account_id=${personalAccountOf(user)}&q=${encodeURIComponent(q)}${extra}`,
      headers: { cookie: user.cookie },
    });
  const idsFound = async (q: string, extra = '') => {
    const response = await search(me, q, extra);
    expect(response.statusCode).toBe(200);
    return response.json().hits.map((hit: { letter: { id: string } }) => hit.letter.id);
  };

  it('finds a word that is only inside the PDF, marks it, and stays in the caller’s account', async () => {
    const mine = await deliverTestLetter(
      t.app,
      apiKey,
      me.email,
      { subject: 'Quarterly note', body: 'See attachment.' },
      {
        documents: [
          {
            filename: 'a.pdf',
            content: await samplePdf('Your Zählerstand is 4711 kilowatt hours'),
          },
        ],
      },
    );
    await deliverTestLetter(
      t.app,
      apiKey,
      stranger.email,
      { subject: 'Quarterly note' },
      {
        documents: [{ filename: 'b.pdf', content: await samplePdf('Your Zählerstand is 1234') }],
      },
    );
    // Before text extraction the PDF's words are not known yet.
    expect((await search(me, 'kilowatt')).json().hits).toEqual([]);
    await t.app.jobs.runDueJobs();

    const found = await search(me, 'kilowatt');
    expect(found.statusCode).toBe(200);
    expect(found.json().hits).toEqual([
      expect.objectContaining({
        letter: expect.objectContaining({ id: mine }),
        matched_in: 'document',
        snippet: expect.stringContaining(
          `${SEARCH_HIGHLIGHT_START}kilowatt${SEARCH_HIGHLIGHT_END}`,
        ),
      }),
    ]);
    // Diacritics folded, last word as a prefix, provider name searchable.
    expect((await search(me, 'zahlerst')).json().hits).toHaveLength(1);
    expect((await search(me, 'mullheim')).json().hits[0].matched_in).toBe('provider');
    const strangers = (await search(stranger, 'Zählerstand')).json().hits;
    expect(strangers.map((hit: { letter: { id: string } }) => hit.letter.id)).not.toContain(mine);

    // Trashed letters drop out of the results.
    await t.app.inject({
      method: 'POST',
      url: '/api/letters/bulk',
      headers: me.headers,
      payload: { letter_ids: [mine], action: 'trash' },
    });
    expect((await search(me, 'kilowatt')).json().hits).toEqual([]);
  });

  it('never fails on hostile input', async () => {
    await deliverTestLetter(t.app, apiKey, me.email, { subject: 'Near the end' });
    const inputs = [
      '"',
      '*',
      'NEAR(',
      'AND OR',
      "'",
      "O'Brien",
      'a:b',
      '{subject}: x',
      '-x',
      '^',
      '(((',
      'Ünïcödé 😀',
      '\\',
      'x'.repeat(200),
      '!&|<->',
      'near',
      '"unbalanced',
      'end"',
      '""',
      '"" OR ""',
      'OR',
      'near OR',
      'OR near',
      '-',
      '-"',
      '-near',
      '-(near OR end)',
      'NEAR(near end, 2)',
      'subject:near',
      'near* OR -end*',
      "near' OR '1'='1",
      '"near" -"the" OR',
      '"a" '.repeat(45),
      'a OR '.repeat(39),
      '-a '.repeat(60),
    ];
    for (const input of inputs) {
      const response = await search(me, input);
      expect({ input, status: response.statusCode }).toEqual({ input, status: 200 });
    }
    expect((await search(me, 'near')).json().hits).toHaveLength(1);
    expect((await search(me, 'NEAR(near end)')).json().hits).toHaveLength(1);
    expect((await search(me, '"unbalanced near')).json().hits).toHaveLength(0);
    expect((await search(me, 'near "the end')).json().hits).toHaveLength(1);
    const tooLong = await search(me, 'x'.repeat(201));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'querystring.q', message: 'At most 200 characters' }],
    });
    // The limit counts what the user typed, not the spaces around it.
    expect((await search(me, ` ${'x'.repeat(200)} `)).statusCode).toBe(200);
  });
  it('finds everything again after the index is rebuilt from scratch', async () => {
    const letterId = await deliverTestLetter(t.app, apiKey, me.email, {
      subject: 'Abschlagsplan',
      body: 'Ihr neuer Abschlag beträgt 84 Euro.',
    });
    // As if the index had been lost or, on SQLite, a VACUUM had renumbered the letters.
    if (engine === 'sqlite') {
      await sql`insert into letters_fts (letters_fts) values ('delete-all')`.execute(t.app.db);
      await sql`delete from letters_search_text`.execute(t.app.db);
    } else {
      await sql`update letters set search_vector = null, account_search_vector = null`.execute(
        t.app.db,
      );
    }
    expect((await search(me, 'abschlag')).json().hits).toEqual([]);

    const out: string[] = [];
    const code = await runCli(
      ['search', 'reindex'],
      { out: (text) => out.push(text), error: () => {} },
      async () => ({
        app: t.app,
        close: async () => {},
      }),
    );

    expect(code).toBe(0);
    expect(out).toEqual(['Indexed 1 letters and 0 uploads.']);
    const hits = (await search(me, 'abschlag')).json().hits;
    expect(hits.map((hit: { letter: { id: string } }) => hit.letter.id)).toEqual([letterId]);
    expect((await search(stranger, 'abschlag')).json().hits).toEqual([]);
  });

  it('understands "exact phrase", OR and -word, and never matches by what a letter lacks', async () => {
    const meterReading = await deliverTestLetter(t.app, apiKey, me.email, {
      subject: 'Water meter reading',
      body: 'Please send us the meter reading by Friday.',
    });
    const readingList = await deliverTestLetter(t.app, apiKey, me.email, {
      subject: 'Reading list',
      body: 'The meter was read; water prices rose.',
    });
    const gasBill = await deliverTestLetter(t.app, apiKey, me.email, {
      subject: 'Gas bill',
      body: 'Your gas consumption this year.',
    });

    expect(sorted(await idsFound('meter reading'))).toEqual(sorted([meterReading, readingList]));
    expect(await idsFound('"meter reading"')).toEqual([meterReading]);
    expect(await idsFound('"Meter Réading"')).toEqual([meterReading]);
    expect(await idsFound('„meter reading“')).toEqual([meterReading]);
    expect(await idsFound('meter -list')).toEqual([meterReading]);
    expect(await idsFound('meter -"reading list"')).toEqual([meterReading]);
    expect(sorted(await idsFound('friday OR gas'))).toEqual(sorted([meterReading, gasBill]));
    expect(sorted(await idsFound('water OR gas -friday'))).toEqual(sorted([readingList, gasBill]));
    // Lower-case "or" is a word like any other; so is an OR with nothing to join.
    expect(await idsFound('friday or gas')).toEqual([]);
    expect(await idsFound('gas OR')).toEqual([]);
    // Unbalanced quotes are read as words; the last plain word is still a prefix.
    expect(sorted(await idsFound('"meter read'))).toEqual(sorted([meterReading, readingList]));
    expect(await idsFound('"meter read"')).toEqual([]);
    expect(await idsFound('-meter')).toEqual([]);
    // The snippet marks the words the letter was found by, not the excluded ones.
    const [hit] = (await search(me, 'friday -gas')).json().hits;
    expect(hit.snippet).toContain(`${SEARCH_HIGHLIGHT_START}Friday${SEARCH_HIGHLIGHT_END}`);
  });

  it('answers with the rows the inbox shows: sent replies as sent, unread, invoice, documents', async () => {
    const received = await deliverTestLetter(
      t.app,
      apiKey,
      me.email,
      {
        kind: 'invoice',
        subject: 'Abschlag Zählerstand',
        invoice: {
          amount: 8400,
          currency: 'EUR',
          due_date: dayFromToday(t.app, 14),
          iban: VALID_IBAN,
          reference: 'ZS-1',
        },
      },
      { documents: [{ filename: 'a.pdf', content: await samplePdf() }] },
    );
    t.clock.advanceSeconds(60);
    const body = multipart([
      { name: 'subject', value: 'Re: Abschlag Zählerstand' },
      { name: 'body', value: 'My Zählerstand is 4711.' },
    ]);
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/letters/${received}/replies`,
      headers: { ...me.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(reply.statusCode).toBe(201);

    const hits = (await search(me, 'zählerstand', '&sort=newest')).json().hits;
    expect(hits).toEqual([
      expect.objectContaining({
        letter: expect.objectContaining({
          id: reply.json().id,
          direction: 'outbound',
          provider: expect.objectContaining({ name: 'Stadtwerke Müllheim' }),
        }),
      }),
      expect.objectContaining({
        letter: expect.objectContaining({
          id: received,
          direction: 'inbound',
          is_read: false,
          kind: 'invoice',
          document_count: 1,
          invoice: expect.objectContaining({ amount: 8400, currency: 'EUR', status: 'open' }),
        }),
      }),
    ]);
  });

  it('sorts by relevance or newest first, each paging without repeats or gaps', async () => {
    const oldButBest = await deliverTestLetter(t.app, apiKey, me.email, {
      subject: 'Tariff change: new tariff',
      body: 'Your tariff changes.',
    });
    t.clock.advanceSeconds(60);
    const middle = await deliverTestLetter(t.app, apiKey, me.email, {
      subject: 'Newsletter',
      body: 'Among other things, a word about the tariff.',
    });
    t.clock.advanceSeconds(60);
    const newest = await deliverTestLetter(t.app, apiKey, me.email, {
      subject: 'Summer news',
      body: 'Nothing but news, and once the tariff.',
    });

    expect((await idsFound('tariff'))[0]).toBe(oldButBest);
    expect(await idsFound('tariff', '&sort=relevance')).toEqual(await idsFound('tariff'));
    expect(await idsFound('tariff', '&sort=newest')).toEqual([newest, middle, oldButBest]);

    const pagedOneByOne = async (sort: string, onFirstPage: () => Promise<unknown>) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const after = cursor === null ? '' : `&cursor=${cursor}`;
        const page = await search(me, 'tariff', `&sort=${sort}&limit=1${after}`);
        expect(page.statusCode).toBe(200);
        seen.push(...page.json().hits.map((hit: { letter: { id: string } }) => hit.letter.id));
        cursor = page.json().next_cursor;
        if (seen.length === 1) await onFirstPage();
      } while (cursor !== null);
      return seen;
    };
    const byRelevance = await idsFound('tariff');
    expect(await pagedOneByOne('relevance', async () => {})).toEqual(byRelevance);
    // A letter arriving meanwhile neither repeats nor hides one of the newest-first pages.
    const arriveLate = async () => {
      t.clock.advanceSeconds(60);
      await deliverTestLetter(t.app, apiKey, me.email, { subject: 'Late tariff' });
    };
    expect(await pagedOneByOne('newest', arriveLate)).toEqual([newest, middle, oldButBest]);

    // A cursor belongs to its sort.
    const first = (await search(me, 'tariff', '&sort=newest&limit=1')).json().next_cursor;
    expect((await search(me, 'tariff', `&sort=relevance&cursor=${first}`)).statusCode).toBe(400);
    expect((await search(me, 'tariff', '&sort=oldest')).statusCode).toBe(400);
  });

  it('never shows another person’s letters, whatever the query', async () => {
    const theirs = await deliverTestLetter(t.app, apiKey, stranger.email, {
      subject: 'Secret tariff',
    });
    await deliverTestLetter(t.app, apiKey, me.email, { subject: 'My tariff' });
    for (const q of ['tariff', 'secret OR tariff', '"secret tariff"', 'secret', 'tariff -my']) {
      expect(await idsFound(q)).not.toContain(theirs);
      expect(await idsFound(q, '&sort=newest')).not.toContain(theirs);
    }
    const intoTheirAccount = await t.app.inject({
      url: `/api/search?account_id=${personalAccountOf(stranger)}&q=secret`,
      headers: { cookie: me.cookie },
    });
    expect(intoTheirAccount.statusCode).toBe(404);
  });
});
