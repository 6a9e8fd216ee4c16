import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PersonalLetter, PersonalLetterPage } from '@kuvert/shared/personal-api';
import { createLoggedInUser, type LoggedIn } from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import {
  addMember,
  createSharedAccount,
  createTestProvider,
  deliverTestLetter,
  moveLetterToAccount,
  samplePdf,
} from '../../test/mailbox.ts';
import { addDays, dayIn } from '../invoices/invoice-status.ts';
import { SETTLE_SECONDS } from '../letters/letter-sync.service.ts';
import { PERSONAL_API_REQUESTS_PER_MINUTE } from './personal-auth.ts';

describe.each(testEngines)('the personal API (%s)', (engine) => {
  let t: TestApp;
  let apiKey: string;

  const today = () => dayIn(t.clock.now(), t.config.timeZone);
  async function makeToken(
    user: LoggedIn,
    scope: 'read' | 'read_mark_read' = 'read',
    expiresOn = addDays(today(), 30),
  ): Promise<{ token: string; id: string }> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/profile/access-tokens',
      headers: user.headers,
      payload: { name: `Script ${scope}`, scope, expires_on: expiresOn },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    return { token: body.token, id: body.access_token.id };
  }
  const call = (token: string, url: string, method: 'GET' | 'POST' = 'GET') =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
  const pageOf = async (token: string, query = ''): Promise<PersonalLetterPage> => {
    const response = await call(token, `/api/personal/v1/letters${query}`);
    expect({ status: response.statusCode, body: response.body }).toMatchObject({ status: 200 });
    return response.json();
  };
  /** Every letter after `since`, page by page, as a mirroring script reads them. */
  async function readAll(token: string, since?: string) {
    const letters: PersonalLetter[] = [];
    let cursor = since;
    for (;;) {
      const query = new URLSearchParams({ limit: '2', ...(cursor ? { since: cursor } : {}) });
      const page = await pageOf(token, `?${query}`);
      letters.push(...page.items);
      cursor = page.next_cursor;
      if (!page.has_more) return { letters, cursor };
    }
  }
  const settle = () => t.clock.advanceSeconds(SETTLE_SECONDS + 1);

  beforeAll(async () => {
    t = await createTestApp(engine);
    ({ apiKey } = await createTestProvider(t.app, { name: 'Stadtwerke Nord' }));
  });
  afterAll(async () => t?.close());

  it('lists letters since a cursor: a new one appears after it, none twice, and its document downloads', async () => {
    const person = await createLoggedInUser(t.app);
    for (const subject of ['First', 'Second', 'Third']) {
      await deliverTestLetter(t.app, apiKey, person.email, { subject });
      t.clock.advanceSeconds(1);
    }
    settle();
    const { token } = await makeToken(person);
    const first = await readAll(token);
    expect(first.letters.map((letter) => letter.subject)).toEqual(['First', 'Second', 'Third']);
    const [letter] = first.letters;
    expect(letter).toMatchObject({
      mailbox: { id: expect.any(String), name: expect.any(String) },
      provider: { name: 'Stadtwerke Nord' },
      direction: 'inbound',
      kind: 'letter',
      read_at: null,
      trashed_at: null,
    });
    expect(letter?.documents).toEqual([
      expect.objectContaining({ filename: 'letter.pdf', content_type: 'application/pdf' }),
    ]);

    // Nothing new: the same cursor again, and no letter twice.
    const idle = await pageOf(token, `?since=${first.cursor}`);
    expect(idle).toEqual({ items: [], next_cursor: first.cursor, has_more: false });

    // A letter arriving through the letters module is found by the next call.
    const pdf = await samplePdf('The fourth letter');
    const fourthId = await deliverTestLetter(
      t.app,
      apiKey,
      person.email,
      { subject: 'Fourth' },
      { documents: [{ filename: 'fourth.pdf', content: pdf }] },
    );
    settle();
    const next = await readAll(token, first.cursor);
    expect(next.letters.map((item) => item.id)).toEqual([fourthId]);
    const [fourth] = next.letters;
    const documentId = fourth?.documents[0]?.id ?? '';
    const download = await call(
      token,
      `/api/personal/v1/letters/${fourthId}/documents/${documentId}`,
    );
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('fourth.pdf');
    expect(download.rawPayload.equals(pdf)).toBe(true);

    const metadata = await call(token, `/api/personal/v1/letters/${fourthId}`);
    expect(metadata.statusCode).toBe(200);
    expect(metadata.json()).toEqual(fourth);
  });

  it('shows a letter only once it has settled, so a slow write is never passed by a cursor', async () => {
    const person = await createLoggedInUser(t.app);
    const { token } = await makeToken(person);
    const start = await pageOf(token);
    const id = await deliverTestLetter(t.app, apiKey, person.email, { subject: 'Just now' });
    expect((await pageOf(token, `?since=${start.next_cursor}`)).items).toEqual([]);
    settle();
    const later = await pageOf(token, `?since=${start.next_cursor}`);
    expect(later.items.map((item) => item.id)).toEqual([id]);
  });

  it('never skips a letter whose write ends after a later-stamped one was listed', async () => {
    const person = await createLoggedInUser(t.app);
    const { token } = await makeToken(person);
    const start = t.clock.now().getTime();
    const at = (seconds: number) => t.clock.setTo(new Date(start + seconds * 1000).toISOString());
    const early = await deliverTestLetter(t.app, apiKey, person.email, { subject: 'Early' });
    // A quick write stamped at +9 s is visible at once ...
    at(9);
    const quick = await deliverTestLetter(t.app, apiKey, person.email, { subject: 'Quick' });
    // ... when a script reads at +12 s, while a slow one stamped at +8 s has not committed yet.
    at(12);
    const firstRead = await readAll(token);
    expect(firstRead.letters.map((letter) => letter.id)).toEqual([early]);
    at(8);
    const slow = await deliverTestLetter(t.app, apiKey, person.email, { subject: 'Slow' });
    // Had the first read handed out the quick one, its cursor would have passed the slow one.
    at(30);
    const secondRead = await readAll(token, firstRead.cursor);
    expect(secondRead.letters.map((letter) => letter.id)).toEqual([slow, quick]);
    expect((await readAll(token, secondRead.cursor)).letters).toEqual([]);
  });

  it('answers a revoked token and an expired one 401, and records the last use', async () => {
    const person = await createLoggedInUser(t.app);
    const revoked = await makeToken(person);
    const expiring = await makeToken(person, 'read', addDays(today(), 1));
    expect((await call(revoked.token, '/api/personal/v1/letters')).statusCode).toBe(200);
    const listed = await t.app.inject({
      url: '/api/profile/access-tokens',
      headers: person.headers,
    });
    const used = listed.json().tokens.find((token: { id: string }) => token.id === revoked.id);
    expect(used.last_used_at).toBe(t.clock.now().toISOString());

    await t.app.inject({
      method: 'DELETE',
      url: `/api/profile/access-tokens/${revoked.id}`,
      headers: person.headers,
    });
    const afterRevoke = await call(revoked.token, '/api/personal/v1/letters');
    expect(afterRevoke.statusCode).toBe(401);
    expect(afterRevoke.json().code).toBe('UNAUTHENTICATED');
    expect(afterRevoke.headers['www-authenticate']).toContain('Bearer');

    expect((await call(expiring.token, '/api/personal/v1/letters')).statusCode).toBe(200);
    t.clock.advanceSeconds(2 * 24 * 3600);
    expect((await call(expiring.token, '/api/personal/v1/letters')).statusCode).toBe(401);
  });

  it("answers another person's letter, its document and marking it read 404", async () => {
    const me = await createLoggedInUser(t.app);
    const stranger = await createLoggedInUser(t.app);
    const theirs = await deliverTestLetter(t.app, apiKey, stranger.email, { subject: 'Private' });
    settle();
    const { token } = await makeToken(me, 'read_mark_read');
    const page = await readAll(token);
    expect(page.letters.map((letter) => letter.id)).not.toContain(theirs);
    const detail = (await call(stranger.cookie, '/api/personal/v1/letters')).statusCode;
    expect(detail).toBe(401);
    const strangerToken = await makeToken(stranger);
    const letter: PersonalLetter = (
      await call(strangerToken.token, `/api/personal/v1/letters/${theirs}`)
    ).json();
    const documentId = letter.documents[0]?.id ?? '';
    for (const [url, method] of [
      [`/api/personal/v1/letters/${theirs}`, 'GET'],
      [`/api/personal/v1/letters/${theirs}/documents/${documentId}`, 'GET'],
      [`/api/personal/v1/letters/${theirs}/read`, 'POST'],
    ] as const) {
      const response = await call(token, url, method);
      expect({ url, status: response.statusCode, code: response.json().code }).toEqual({
        url,
        status: 404,
        code: 'NOT_FOUND',
      });
    }
  });

  it('marks read only with the scope "read and mark read", and never as a viewer', async () => {
    const owner = await createLoggedInUser(t.app);
    const viewer = await createLoggedInUser(t.app);
    const mine = await deliverTestLetter(t.app, apiKey, owner.email, { subject: 'Mark me' });
    const sharedLetter = await deliverTestLetter(t.app, apiKey, owner.email, { subject: 'Shared' });
    const shared = await createSharedAccount(t.app, owner.user.id);
    await addMember(t.app, shared, viewer.user.id, 'viewer');
    await moveLetterToAccount(t.app, sharedLetter, shared);
    settle();

    const readOnly = await makeToken(owner, 'read');
    const refused = await call(readOnly.token, `/api/personal/v1/letters/${mine}/read`, 'POST');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ACCESS_TOKEN_SCOPE_INSUFFICIENT');

    const marking = await makeToken(owner, 'read_mark_read');
    const marked = await call(marking.token, `/api/personal/v1/letters/${mine}/read`, 'POST');
    expect(marked.statusCode).toBe(204);
    const after: PersonalLetter = (
      await call(readOnly.token, `/api/personal/v1/letters/${mine}`)
    ).json();
    expect(after.read_at).toBe(t.clock.now().toISOString());

    // The viewer reads the shared mailbox's letter, but may not mark it read.
    const viewerToken = await makeToken(viewer, 'read_mark_read');
    const viewed = await readAll(viewerToken.token);
    expect(viewed.letters.map((letter) => letter.id)).toEqual([sharedLetter]);
    expect(viewed.letters[0]?.mailbox.id).toBe(shared);
    const asViewer = await call(
      viewerToken.token,
      `/api/personal/v1/letters/${sharedLetter}/read`,
      'POST',
    );
    expect(asViewer.statusCode).toBe(403);
    expect(asViewer.json().code).toBe('FORBIDDEN');

    // Once the viewer's access has ended, the mailbox's letters are gone from their API.
    await t.app.db
      .updateTable('memberships')
      .set({ access_until: '2000-01-01' })
      .where('account_id', '=', shared)
      .where('user_id', '=', viewer.user.id)
      .execute();
    expect((await readAll(viewerToken.token)).letters).toEqual([]);
    const ended = await call(viewerToken.token, `/api/personal/v1/letters/${sharedLetter}`);
    expect(ended.statusCode).toBe(404);
  });

  it('keeps a trashed letter as the portal does, and a deleted one is gone', async () => {
    const person = await createLoggedInUser(t.app);
    const id = await deliverTestLetter(t.app, apiKey, person.email, { subject: 'Bin me' });
    settle();
    const { token } = await makeToken(person);
    const bulk = (action: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/letters/bulk',
        headers: person.headers,
        payload: { letter_ids: [id], action },
      });
    expect((await bulk('trash')).statusCode).toBe(200);
    const trashed: PersonalLetter = (await call(token, `/api/personal/v1/letters/${id}`)).json();
    expect(trashed.trashed_at).toBe(t.clock.now().toISOString());
    expect((await bulk('delete_forever')).statusCode).toBe(200);
    expect((await call(token, `/api/personal/v1/letters/${id}`)).statusCode).toBe(404);
    expect((await readAll(token)).letters).toEqual([]);
  });

  it(`limits each token to ${PERSONAL_API_REQUESTS_PER_MINUTE} requests a minute (429), others unaffected`, async () => {
    const person = await createLoggedInUser(t.app);
    const busy = await makeToken(person);
    const calm = await makeToken(person);
    for (let index = 0; index < PERSONAL_API_REQUESTS_PER_MINUTE; index += 1) {
      const response = await call(busy.token, '/api/personal/v1/letters?limit=1');
      expect(response.statusCode).toBe(200);
    }
    const limited = await call(busy.token, '/api/personal/v1/letters?limit=1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call(calm.token, '/api/personal/v1/letters')).statusCode).toBe(200);
    t.clock.advanceSeconds(61);
    expect((await call(busy.token, '/api/personal/v1/letters')).statusCode).toBe(200);
  });

  it('answers malformed, over-long and foreign credentials 401 and bad cursors 400, never 5xx', async () => {
    const me = await createLoggedInUser(t.app);
    const { token } = await makeToken(me);
    const credentials = [
      '',
      'Bearer',
      'Bearer ',
      `Bearer ${token.slice(0, -1)}`,
      `Bearer ${token}x`,
      `Bearer ${'kvp_'.padEnd(5000, 'a')}`,
      `Basic ${Buffer.from(`me:${token}`).toString('base64')}`,
      `Bearer ${token.replace('kvp_', 'kuv_live_')}`,
      `Bearer kvp_${'\u00e4'.repeat(43)}`,
    ];
    for (const authorization of credentials) {
      const response = await t.app.inject({
        url: '/api/personal/v1/letters',
        headers: { authorization },
      });
      const tried = authorization.slice(0, 40);
      expect({ tried, status: response.statusCode }).toEqual({ tried, status: 401 });
    }
    // A session cookie is no token: no cookies in this API.
    const withCookie = await t.app.inject({
      url: '/api/personal/v1/letters',
      headers: { cookie: me.cookie },
    });
    expect(withCookie.statusCode).toBe(401);

    const cursors = [
      'x',
      'null',
      Buffer.from('[1,2]').toString('base64url'),
      Buffer.from('["2026-01-01T00:00:00.000Z"]').toString('base64url'),
      Buffer.from('{"a":1}').toString('base64url'),
      'a'.repeat(201),
      '%00',
    ];
    for (const since of cursors) {
      const response = await call(token, `/api/personal/v1/letters?since=${since}`);
      const tried = since.slice(0, 40);
      expect({ tried, status: response.statusCode, code: response.json().code }).toEqual({
        tried,
        status: 400,
        code: 'VALIDATION_FAILED',
      });
    }
    for (const limit of ['0', '201', 'many', '-1']) {
      expect((await call(token, `/api/personal/v1/letters?limit=${limit}`)).statusCode).toBe(400);
    }
    const longId = await call(token, `/api/personal/v1/letters/${'a'.repeat(65)}`);
    expect(longId.statusCode).toBe(400);
  });
});
