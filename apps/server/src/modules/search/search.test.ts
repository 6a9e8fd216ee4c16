import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEARCH_HIGHLIGHT_END, SEARCH_HIGHLIGHT_START } from '@kuvert/shared/search';
import { runCli } from '../../cli/run-cli.ts';
import { createLoggedInUser, type CreatedUser, type LoggedIn } from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import {
  createTestProvider,
  deliverTestLetter,
  personalAccountOf,
  samplePdf,
} from '../../test/mailbox.ts';

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

  const search = (user: LoggedIn, q: string) =>
    t.app.inject({
      url: `/api/search?account_id=${personalAccountOf(user)}&q=${encodeURIComponent(q)}`,
      headers: { cookie: user.cookie },
    });

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
    ];
    for (const input of inputs) {
      const response = await search(me, input);
      expect({ input, status: response.statusCode }).toEqual({ input, status: 200 });
    }
    expect((await search(me, 'near')).json().hits).toHaveLength(1);
    expect((await search(me, 'x'.repeat(201))).statusCode).toBe(400);
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
    expect(out).toEqual(['Indexed 1 letters.']);
    const hits = (await search(me, 'abschlag')).json().hits;
    expect(hits.map((hit: { letter: { id: string } }) => hit.letter.id)).toEqual([letterId]);
    expect((await search(stranger, 'abschlag')).json().hits).toEqual([]);
  });
});
