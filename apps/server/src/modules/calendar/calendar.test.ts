import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createLoggedInUser,
  login,
  type CreatedUser,
  type LoggedIn,
} from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { deliverTestInvoice } from '../../test/invoices.ts';
import {
  addMember,
  createSharedAccount,
  createTestProvider,
  moveLetterToAccount,
} from '../../test/mailbox.ts';
import { deliverSignatureRequest, openCopyOf, signAs } from '../../test/signatures.ts';

type User = CreatedUser & LoggedIn;

interface ParsedEvent {
  uid: string;
  summary: string;
  description: string;
  url: string;
  start: string;
  end: string;
  isDate: boolean;
}

/** The feed read back by a real iCalendar parser. */
function parseCalendar(text: string): { calendar: ICAL.Component; events: ParsedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      url: String(component.getFirstPropertyValue('url')),
      start: event.startDate.toString(),
      end: event.endDate.toString(),
      isDate: event.startDate.isDate,
    };
  });
  return { calendar, events };
}

describe.each(testEngines)('calendar feed (%s)', (engine) => {
  let t: TestApp;
  let me: User;
  let stranger: User;
  let provider: { id: string; apiKey: string };

  beforeAll(async () => {
    t = await createTestApp(engine);
    // 10:00 UTC on 14 March is 11:00 in Berlin (TIME_ZONE's default): the same day in both.
    t.clock.setTo('2026-03-14T10:00:00Z');
    me = await createLoggedInUser(t.app);
    stranger = await createLoggedInUser(t.app);
    const created = await createTestProvider(t.app, { name: 'Stadtwerke Kalender' });
    provider = { id: created.provider.id, apiKey: created.apiKey };
  });
  afterAll(async () => t.close());
  // Tests move the clock by hours and days: sessions see the jump, so log in again.
  beforeEach(async () => {
    me = { ...me, ...(await login(t.app, me.email, me.password)) };
    stranger = { ...stranger, ...(await login(t.app, stranger.email, stranger.password)) };
  });

  async function makeFeed(user: User): Promise<string> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/profile/calendar-feed',
      headers: user.headers,
    });
    expect(response.statusCode).toBe(201);
    const { url } = response.json<{ url: string }>();
    return url;
  }

  async function fetchFeed(url: string, ip = '198.51.100.7') {
    return t.app.inject({ url: new URL(url).pathname, remoteAddress: ip });
  }

  async function eventsOf(url: string): Promise<ParsedEvent[]> {
    const response = await fetchFeed(url);
    expect(response.statusCode).toBe(200);
    return parseCalendar(response.body).events;
  }

  it('serves due dates as all-day events in TIME_ZONE, with the provider, amount and a link back', async () => {
    const dueToday = await deliverTestInvoice(t.app, provider.apiKey, me.email, {
      amount: 14_268,
      dueInDays: 0,
      subject: 'Strom März',
    });
    const dueTomorrow = await deliverTestInvoice(t.app, provider.apiKey, me.email, {
      amount: 5_000,
      dueInDays: 1,
      subject: 'Wasser März',
    });
    const signature = await deliverSignatureRequest(t.app, provider.apiKey, me.email, {
      dueInDays: 0,
      subject: 'Vertrag Kalender',
    });
    const url = await makeFeed(me);

    // 23:30 UTC is already 00:30 on 15 March in Berlin: the invoice due on the 14th is overdue
    // now and the signature request due on the 14th has expired; in UTC neither would be yet.
    t.clock.setTo('2026-03-14T23:30:00Z');
    const response = await fetchFeed(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toContain('no-store');
    const { calendar, events } = parseCalendar(response.body);
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('Europe/Berlin');
    expect(response.body).toContain('\r\nREFRESH-INTERVAL;VALUE=DURATION:PT1H\r\n');

    expect(events.map((event) => event.uid).toSorted()).toEqual(
      [`${dueToday}@localhost:3000`, `${dueTomorrow}@localhost:3000`].toSorted(),
    );
    expect(events.some((event) => event.uid.startsWith(signature))).toBe(false);
    const overdue = events.find((event) => event.uid.startsWith(dueToday));
    expect(overdue).toMatchObject({
      isDate: true,
      start: '2026-03-14',
      end: '2026-03-15',
      summary: 'Overdue €142.68 to Stadtwerke Kalender',
      url: `http://localhost:3000/inbox/${dueToday}`,
    });
    expect(overdue?.description).toContain('Strom März');
    expect(overdue?.description).toContain(`http://localhost:3000/inbox/${dueToday}`);
    const upcoming = events.find((event) => event.uid.startsWith(dueTomorrow));
    expect(upcoming).toMatchObject({
      start: '2026-03-15',
      summary: 'Pay €50.00 to Stadtwerke Kalender',
    });
    // Every line ends in CRLF.
    expect(response.body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('keeps only the hash of the secret, and the address carries nothing but the secret', async () => {
    const url = await makeFeed(me);
    const { pathname } = new URL(url);
    expect(pathname).toMatch(/^\/api\/public\/calendar\/[A-Za-z0-9_-]{43}$/);
    const secret = pathname.split('/').pop() ?? '';
    const rows = await t.app.db.selectFrom('calendar_feeds').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(secret);
    expect(url).not.toContain(me.user.id);
    const state = await t.app.inject({ url: '/api/profile/calendar-feed', headers: me.headers });
    expect(state.json()).toMatchObject({ active: true });
    expect(JSON.stringify(state.json())).not.toContain(secret);
  });

  it('drops a paid invoice and a signed request, and adds a new one', async () => {
    t.clock.setTo('2026-04-01T09:00:00Z');
    me = { ...me, ...(await login(t.app, me.email, me.password)) };
    const url = await makeFeed(me);
    const invoice = await deliverTestInvoice(t.app, provider.apiKey, me.email, { dueInDays: 10 });
    await deliverSignatureRequest(t.app, provider.apiKey, me.email, {
      dueInDays: 5,
      subject: 'Sign me in April',
    });
    const copy = await openCopyOf(t.app, me, 'Sign me in April');
    let events = await eventsOf(url);
    expect(events.map((event) => event.uid.split('@')[0])).toEqual(
      expect.arrayContaining([invoice, copy]),
    );
    const signEvent = events.find((event) => event.uid.startsWith(copy));
    expect(signEvent).toMatchObject({
      start: '2026-04-06',
      summary: 'Sign for Stadtwerke Kalender',
    });

    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/invoices/${invoice}/mark-paid`,
      headers: me.headers,
      payload: {},
    });
    expect(paid.statusCode).toBe(200);
    expect((await signAs(t.app, me, copy)).statusCode).toBe(200);

    events = await eventsOf(url);
    const uids = events.map((event) => event.uid.split('@')[0]);
    expect(uids).not.toContain(invoice);
    expect(uids).not.toContain(copy);
  });

  it('drops a trashed invoice', async () => {
    const url = await makeFeed(me);
    const invoice = await deliverTestInvoice(t.app, provider.apiKey, me.email, { dueInDays: 3 });
    expect((await eventsOf(url)).some((event) => event.uid.startsWith(invoice))).toBe(true);
    const trashed = await t.app.inject({
      method: 'POST',
      url: '/api/letters/bulk',
      headers: me.headers,
      payload: { letter_ids: [invoice], action: 'trash' },
    });
    expect(trashed.statusCode).toBe(200);
    expect((await eventsOf(url)).some((event) => event.uid.startsWith(invoice))).toBe(false);
  });

  it('answers 404 for a revoked address, and for the old one once a new one is made', async () => {
    const first = await makeFeed(me);
    expect((await fetchFeed(first)).statusCode).toBe(200);
    const second = await makeFeed(me);
    expect(second).not.toBe(first);
    expect((await fetchFeed(first)).statusCode).toBe(404);
    expect((await fetchFeed(second)).statusCode).toBe(200);

    const revoked = await t.app.inject({
      method: 'DELETE',
      url: '/api/profile/calendar-feed',
      headers: me.headers,
    });
    expect(revoked.statusCode).toBe(204);
    expect((await fetchFeed(second)).statusCode).toBe(404);
    const state = await t.app.inject({ url: '/api/profile/calendar-feed', headers: me.headers });
    expect(state.json()).toEqual({ active: false, created_at: null });
    const log = await t.app.inject({ url: '/api/profile/audit-events', headers: me.headers });
    const types = log.json<{ events: Array<{ type: string }> }>().events.map((event) => event.type);
    expect(types).toEqual(
      expect.arrayContaining(['calendar_feed_created', 'calendar_feed_revoked']),
    );
    // Not a secret at all, or a made-up one: 404 as well.
    for (const path of ['/api/public/calendar/x', `/api/public/calendar/${'A'.repeat(43)}`]) {
      expect((await t.app.inject({ url: path })).statusCode).toBe(404);
    }
  });

  it("never shows another person's letters, nor a mailbox whose access has ended", async () => {
    const mine = await makeFeed(me);
    const theirs = await makeFeed(stranger);
    const strangerInvoice = await deliverTestInvoice(t.app, provider.apiKey, stranger.email, {
      dueInDays: 4,
    });
    expect((await eventsOf(theirs)).map((event) => event.uid)).toContain(
      `${strangerInvoice}@localhost:3000`,
    );
    expect((await eventsOf(mine)).some((event) => event.uid.startsWith(strangerInvoice))).toBe(
      false,
    );

    // A shared mailbox I can read: its invoice shows, until my access ends.
    const shared = await createSharedAccount(t.app, stranger.user.id);
    await addMember(t.app, shared, me.user.id, 'viewer');
    const sharedInvoice = await deliverTestInvoice(t.app, provider.apiKey, stranger.email, {
      dueInDays: 6,
    });
    await moveLetterToAccount(t.app, sharedInvoice, shared);
    expect((await eventsOf(mine)).some((event) => event.uid.startsWith(sharedInvoice))).toBe(true);
    await t.app.db
      .updateTable('memberships')
      .set({ access_until: '2000-01-01' })
      .where('account_id', '=', shared)
      .where('user_id', '=', me.user.id)
      .execute();
    expect((await eventsOf(mine)).some((event) => event.uid.startsWith(sharedInvoice))).toBe(false);
  });

  it('escapes and folds a hostile provider name, which parses back to the same text', async () => {
    const hostile =
      `Evil; Corp, Ltd\\ "x"\nDESCRIPTION:injected\r\nEND:VEVENT ${'ü€'.repeat(60)}`.padEnd(
        200,
        'z',
      );
    expect(hostile.length).toBe(200);
    const created = await createTestProvider(t.app);
    await t.app.db
      .updateTable('providers')
      .set({ name: hostile })
      .where('id', '=', created.provider.id)
      .execute();
    const user = await createLoggedInUser(t.app);
    const invoice = await deliverTestInvoice(t.app, created.apiKey, user.email, {
      amount: 1_234,
      dueInDays: 2,
    });
    const url = await makeFeed(user);
    const response = await fetchFeed(url);
    expect(response.statusCode).toBe(200);
    for (const line of response.body.split('\r\n')) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    }
    // No line of the feed was made by the name: one event, its lines in their places.
    expect(response.body.match(/^END:VEVENT$/gm)).toHaveLength(1);
    expect(response.body).not.toMatch(/^DESCRIPTION:injected/m);
    const { events } = parseCalendar(response.body);
    expect(events).toHaveLength(1);
    const expectedName = hostile.replace(/\r\n/g, '\n');
    expect(events[0]?.uid).toBe(`${invoice}@localhost:3000`);
    expect(events[0]?.summary).toBe(`Pay €12.34 to ${expectedName}`);
    expect(events[0]?.description).toContain(`Invoice from ${expectedName}: `);
  });

  it('speaks the person’s language', async () => {
    const user = await createLoggedInUser(t.app, { language: 'de' });
    await deliverTestInvoice(t.app, provider.apiKey, user.email, { amount: 14_268, dueInDays: 2 });
    const { events, calendar } = parseCalendar((await fetchFeed(await makeFeed(user))).body);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Kuvert-Fristen');
    expect(events[0]?.summary).toBe('Bezahlen: 142,68\u00a0€ an Stadtwerke Kalender');
    expect(events[0]?.description).toContain('In Kuvert öffnen: http://localhost:3000/inbox/');
  });

  it('offers one letter as an .ics file, and refuses what is paid or not the caller’s', async () => {
    const invoice = await deliverTestInvoice(t.app, provider.apiKey, me.email, {
      amount: 990,
      dueInDays: 9,
    });
    const response = await t.app.inject({
      url: `/api/letters/${invoice}/calendar.ics`,
      headers: { cookie: me.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('attachment;');
    expect(response.headers['content-disposition']).toContain('invoice-due-date.ics');
    const { events } = parseCalendar(response.body);
    expect(events).toEqual([
      expect.objectContaining({
        uid: `${invoice}@localhost:3000`,
        summary: 'Pay €9.90 to Stadtwerke Kalender',
      }),
    ]);

    const foreign = await t.app.inject({
      url: `/api/letters/${invoice}/calendar.ics`,
      headers: { cookie: stranger.cookie },
    });
    expect(foreign.statusCode).toBe(404);

    await t.app.inject({
      method: 'POST',
      url: `/api/invoices/${invoice}/mark-paid`,
      headers: me.headers,
      payload: {},
    });
    const paid = await t.app.inject({
      url: `/api/letters/${invoice}/calendar.ics`,
      headers: { cookie: me.cookie },
    });
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toMatchObject({ code: 'CALENDAR_NOTHING_DUE' });
  });

  it('limits fetches of one feed, and guesses from one address', async () => {
    const user = await createLoggedInUser(t.app);
    const url = await makeFeed(user);
    const statuses: number[] = [];
    for (let index = 0; index < 31; index += 1) {
      statuses.push((await fetchFeed(url, '203.0.113.50')).statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);

    const guesses: number[] = [];
    for (let index = 0; index < 31; index += 1) {
      const path = `/api/public/calendar/${String(index).padStart(43, 'g')}`;
      guesses.push((await t.app.inject({ url: path, remoteAddress: '203.0.113.99' })).statusCode);
    }
    expect(guesses.slice(0, 30).every((status) => status === 404)).toBe(true);
    expect(guesses[30]).toBe(429);
    // Another client with the right address is not held up by the guesser.
    t.clock.advanceSeconds(601);
    expect((await fetchFeed(url, '203.0.113.51')).statusCode).toBe(200);
  });
});
