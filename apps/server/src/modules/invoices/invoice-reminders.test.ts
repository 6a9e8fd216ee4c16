import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLoggedInUser, type CreatedUser, type LoggedIn } from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { dayFromToday, deliverTestInvoice, type TestInvoice } from '../../test/invoices.ts';
import {
  addMember,
  createSharedAccount,
  createTestProvider,
  moveLetterToAccount,
} from '../../test/mailbox.ts';
import {
  INVOICE_REMINDERS_JOB,
  nextReminderRunAt,
  scheduleInvoiceReminders,
  sendInvoiceReminders,
} from './invoice-reminders.service.ts';

const DAY = 24 * 3600;

describe.each(testEngines)('invoice reminders (%s)', (engine) => {
  let t: TestApp;
  let me: CreatedUser & LoggedIn;
  let apiKey: string;

  beforeEach(async () => {
    t = await createTestApp(engine, { INVOICE_REMINDER_DAYS: '3' });
    me = await createLoggedInUser(t.app, { firstName: 'Alex' });
    apiKey = (await createTestProvider(t.app, { name: 'Stadtwerke Müllheim' })).apiKey;
  });
  afterEach(async () => t.close());

  const deliver = (invoice: TestInvoice = {}) =>
    deliverTestInvoice(t.app, apiKey, me.email, invoice);
  /** The reminder mails sent so far, as "<to> <subject>". */
  const sent = () => t.mailer.sent.map((mail) => `${mail.to} ${mail.subject}`);

  it('reminds once of an invoice due within the reminder days, with amount, date and link', async () => {
    const soon = await deliver({ amount: 14268, dueInDays: 3 });
    await deliver({ amount: 999, dueInDays: 4 });
    const dueDate = dayFromToday(t.app, 3);

    expect(await sendInvoiceReminders(t.app)).toEqual({ sent: 1, failed: 0 });
    const mail = t.mailer.lastTo(me.email);
    const shownDate = new Intl.DateTimeFormat('en-GB', {
      dateStyle: 'long',
      timeZone: 'UTC',
    }).format(new Date(`${dueDate}T00:00:00Z`));
    expect(mail.subject).toBe(`Reminder: invoice from Stadtwerke Müllheim due on ${shownDate}`);
    expect(mail.text).toContain('Hello Alex,');
    expect(mail.text).toContain(
      `The invoice from Stadtwerke Müllheim for €142.68 is due on ${shownDate}.`,
    );
    expect(mail.text).toContain(`http://localhost:3000/inbox/${soon}`);

    expect(await sendInvoiceReminders(t.app)).toEqual({ sent: 0, failed: 0 });
    expect(t.mailer.sent).toHaveLength(1);
  });

  it('sends the overdue notice once on the day after the due date, and skips long-overdue ones', async () => {
    const id = await deliver({ dueInDays: 0 });
    await deliver({ dueInDays: -8 });
    await sendInvoiceReminders(t.app);
    expect(sent()).toEqual([expect.stringMatching(/Reminder: invoice from Stadtwerke Müllheim/)]);

    t.clock.advanceSeconds(DAY);
    await sendInvoiceReminders(t.app);
    await sendInvoiceReminders(t.app);
    expect(sent()).toHaveLength(2);
    const notice = t.mailer.lastTo(me.email);
    expect(notice.subject).toBe('Overdue: invoice from Stadtwerke Müllheim for €10.00');
    expect(notice.text).toContain(`/inbox/${id}`);
  });

  it('writes to each member in their language, only to those who want reminders', async () => {
    const anna = await createLoggedInUser(t.app, { firstName: 'Anna', language: 'de' });
    const quiet = await createLoggedInUser(t.app);
    const stranger = await createLoggedInUser(t.app);
    const shared = await createSharedAccount(t.app, me.user.id);
    await addMember(t.app, shared, anna.user.id, 'viewer');
    await addMember(t.app, shared, quiet.user.id, 'member');
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/notifications',
      headers: quiet.headers,
      payload: { email_on_new_letter: true, email_due_date_reminders: false },
    });
    expect(off.statusCode).toBe(200);
    const id = await deliver({ amount: 3999, dueInDays: 1 });
    await moveLetterToAccount(t.app, id, shared);

    await sendInvoiceReminders(t.app);
    expect(t.mailer.sent.map((mail) => mail.to).toSorted()).toEqual(
      [anna.email, me.email].toSorted(),
    );
    const german = t.mailer.lastTo(anna.email);
    expect(german.subject).toMatch(
      /^Erinnerung: Rechnung von Stadtwerke Müllheim fällig am \d+\. \S+ \d{4}$/,
    );
    expect(german.text).toContain('Hallo Anna,');
    expect(german.text).toMatch(/über 39,99\s€/);
    expect(t.mailer.sent.some((mail) => [quiet.email, stranger.email].includes(mail.to))).toBe(
      false,
    );
  });

  it('does not remind when the preference is off', async () => {
    await t.app.inject({
      method: 'PUT',
      url: '/api/profile/notifications',
      headers: me.headers,
      payload: { email_on_new_letter: true, email_due_date_reminders: false },
    });
    await deliver({ dueInDays: 1 });
    await deliver({ dueInDays: -1 });
    expect(await sendInvoiceReminders(t.app)).toEqual({ sent: 0, failed: 0 });
    expect(t.mailer.sent).toEqual([]);
  });

  it('never reminds of paid, cancelled or trashed invoices', async () => {
    const paid = await deliver({ dueInDays: 1 });
    const cancelled = await deliver({ dueInDays: -1 });
    const trashed = await deliver({ dueInDays: 2 });
    await t.app.inject({
      method: 'POST',
      url: `/api/invoices/${paid}/mark-paid`,
      headers: me.headers,
      payload: {},
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/sender/v1/letters/${cancelled}/cancel-invoice`,
      headers: { authorization: `Bearer ${apiKey}` },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/letters/bulk',
      headers: me.headers,
      payload: { letter_ids: [trashed], action: 'trash' },
    });
    expect(await sendInvoiceReminders(t.app)).toEqual({ sent: 0, failed: 0 });
    expect(t.mailer.sent).toEqual([]);
  });

  it('sends each reminder once when two instances run at the same time', async () => {
    for (let i = 0; i < 5; i++) await deliver({ dueInDays: (i % 3) + 1 });
    for (let i = 0; i < 3; i++) await deliver({ dueInDays: -1 - i });
    const runs = await Promise.all([sendInvoiceReminders(t.app), sendInvoiceReminders(t.app)]);
    expect(runs.reduce((total, run) => total + run.sent, 0)).toBe(8);
    expect(t.mailer.sent).toHaveLength(8);
  });

  it('gives a reminder back when its mail could not be sent, for the retry', async () => {
    await deliver({ dueInDays: 1 });
    vi.spyOn(t.mailer, 'send').mockRejectedValueOnce(new Error('SMTP down'));
    expect(await sendInvoiceReminders(t.app)).toEqual({ sent: 0, failed: 1 });
    expect(await sendInvoiceReminders(t.app)).toEqual({ sent: 1, failed: 0 });
    expect(t.mailer.sent).toHaveLength(1);
  });

  it('runs every morning as one recurring job', async () => {
    await deliver({ dueInDays: 2 });
    await scheduleInvoiceReminders(t.app);
    await scheduleInvoiceReminders(t.app);
    const pending = () =>
      t.app.db
        .selectFrom('jobs')
        .select('run_at')
        .where('type', '=', INVOICE_REMINDERS_JOB)
        .where('status', '=', 'pending')
        .execute();
    const firstRun = nextReminderRunAt(t.clock.now());
    expect(firstRun.getUTCHours()).toBe(7);
    expect((await pending()).map((job) => Date.parse(job.run_at))).toEqual([firstRun.getTime()]);

    t.clock.advanceSeconds((firstRun.getTime() - t.clock.now().getTime()) / 1000);
    await t.app.jobs.runDueJobs();
    expect(sent().filter((mail) => mail.includes('Reminder:'))).toHaveLength(1);
    expect((await pending()).map((job) => Date.parse(job.run_at))).toEqual([
      firstRun.getTime() + DAY * 1000,
    ]);
  });
});
