import { afterEach, describe, expect, it } from 'vitest';
import { createLoggedInUser, type LoggedIn } from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import {
  VALID_IBAN,
  createTestProvider,
  deliverTestLetter,
  personalAccountOf,
} from '../../test/mailbox.ts';
import { dayIn } from './invoice-status.ts';

/*
 * "Overdue" is decided once, on the server, in Kuvert's time zone (TIME_ZONE, Europe/Berlin by
 * default). Each case sits near midnight, where the server's UTC day and the zone's day differ:
 * a rule that counted UTC days (as the server once did) or the viewer's day would fail here.
 */

describe('the calendar day of an instant', () => {
  it('is the day in the given zone, not in UTC', () => {
    expect(dayIn(new Date('2027-01-14T23:30:00Z'), 'Europe/Berlin')).toBe('2027-01-15');
    expect(dayIn(new Date('2027-07-14T22:30:00Z'), 'Europe/Berlin')).toBe('2027-07-15');
    expect(dayIn(new Date('2027-01-15T03:30:00Z'), 'America/New_York')).toBe('2027-01-14');
    expect(dayIn(new Date('2027-01-15T03:30:00Z'), 'UTC')).toBe('2027-01-15');
  });

  it('turns to the next day at the zone’s midnight, asked minute after minute', () => {
    // Asked again within the same minute, the day is remembered; the next minute is a new day.
    expect(dayIn(new Date('2027-01-14T22:59:00Z'), 'Europe/Berlin')).toBe('2027-01-14');
    expect(dayIn(new Date('2027-01-14T22:59:59.999Z'), 'Europe/Berlin')).toBe('2027-01-14');
    expect(dayIn(new Date('2027-01-14T23:00:00Z'), 'Europe/Berlin')).toBe('2027-01-15');
    expect(dayIn(new Date('2027-01-14T23:00:30Z'), 'UTC')).toBe('2027-01-14');
    expect(dayIn(new Date('2027-01-14T23:00:30Z'), 'Europe/Berlin')).toBe('2027-01-15');
  });
});

describe.each(testEngines)('overdue in Kuvert’s time zone (%s)', (engine) => {
  let t: TestApp;
  afterEach(async () => t.close());

  /** A user with one invoice due on `dueDate`, seen at `instant`. */
  async function invoiceSeenAt(instant: string, dueDate: string, env: Record<string, string> = {}) {
    t = await createTestApp(engine, env);
    t.clock.setTo(instant);
    const me = await createLoggedInUser(t.app);
    const { apiKey } = await createTestProvider(t.app);
    const id = await deliverTestLetter(t.app, apiKey, me.email, {
      kind: 'invoice',
      invoice: {
        amount: 1000,
        currency: 'EUR',
        due_date: dueDate,
        iban: VALID_IBAN,
        reference: 'R1',
      },
    });
    return { me, apiKey, id };
  }

  /** Whether each answer that carries the invoice calls it overdue. */
  async function overdueEverywhere(me: LoggedIn, apiKey: string, id: string) {
    const get = async (url: string, headers: Record<string, string> = { cookie: me.cookie }) => {
      const response = await t.app.inject({ url, headers });
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    const account = personalAccountOf(me);
    const invoice = await get(`/api/invoices/${id}`);
    const letter = await get(`/api/letters/${id}`);
    const inbox = await get(`/api/letters?account_id=${account}`);
    const home = await get(`/api/home?account_id=${account}`);
    const sender = await get(`/api/sender/v1/letters/${id}`, {
      authorization: `Bearer ${apiKey}`,
    });
    return {
      invoice: [invoice.status, invoice.is_overdue],
      letter: [letter.invoice.status, letter.invoice.is_overdue],
      inbox: [inbox.items[0].invoice.status, inbox.items[0].invoice.is_overdue],
      home: home.open_invoices.is_overdue,
      sender: sender.invoice.status,
    };
  }

  const overdue = {
    invoice: ['overdue', true],
    letter: ['overdue', true],
    inbox: ['overdue', true],
    home: true,
    sender: 'overdue',
  };
  const open = {
    invoice: ['open', false],
    letter: ['open', false],
    inbox: ['open', false],
    home: false,
    sender: 'open',
  };

  it('is overdue at half past midnight in Berlin, while it is still the due date in UTC', async () => {
    const { me, apiKey, id } = await invoiceSeenAt('2027-01-14T23:30:00Z', '2027-01-14');
    expect(await overdueEverywhere(me, apiKey, id)).toEqual(overdue);
  });

  it('is not overdue at half past eleven on the due date in Berlin', async () => {
    const { me, apiKey, id } = await invoiceSeenAt('2027-01-14T22:30:00Z', '2027-01-14');
    expect(await overdueEverywhere(me, apiKey, id)).toEqual(open);
  });

  it('counts the days of the configured zone, where UTC already has the next day', async () => {
    const env = { TIME_ZONE: 'America/New_York' };
    const late = await invoiceSeenAt('2027-01-15T03:30:00Z', '2027-01-14', env);
    expect(await overdueEverywhere(late.me, late.apiKey, late.id)).toEqual(open);
  });
});
