import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLoggedInUser, type CreatedUser, type LoggedIn } from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { createTestProvider } from '../../test/mailbox.ts';
import { deliverTestInvoice } from '../../test/invoices.ts';
import { PAYABLE_INVOICE, startPaymentAs } from '../../test/payments.ts';
import { sendInvoiceReminders } from '../invoices/invoice-reminders.service.ts';

/** Issue 8: one language per person, saved in the profile, followed by all that speaks to them. */
describe.each(testEngines)('the profile language (%s)', (engine) => {
  let t: TestApp;
  let me: CreatedUser & LoggedIn;
  beforeEach(async () => {
    t = await createTestApp(engine);
    me = await createLoggedInUser(t.app, { firstName: 'Jörg', lastName: 'Lindner' });
  });
  afterEach(async () => t.close());

  function patchProfile(
    body: Record<string, string>,
    headers: Record<string, string> = me.headers,
  ) {
    return t.app.inject({ method: 'PATCH', url: '/api/profile', headers, payload: body });
  }

  it('saves the language alone and leaves the name as it is', async () => {
    const saved = await patchProfile({ language: 'de' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      first_name: 'Jörg',
      last_name: 'Lindner',
      language: 'de',
    });

    // The next login on any device starts in German.
    const session = await t.app.inject({
      url: '/api/auth/session',
      headers: { cookie: me.cookie },
    });
    expect(session.json()).toMatchObject({ first_name: 'Jörg', language: 'de' });
    expect(session.json().accounts[0].name).toBe('Jörg Lindner');
  });

  it('saves a name alone and keeps the language', async () => {
    expect((await patchProfile({ language: 'de' })).statusCode).toBe(200);
    const renamed = await patchProfile({ first_name: 'Jörg', last_name: 'Lindner-Weiß' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ last_name: 'Lindner-Weiß', language: 'de' });
    const session = await t.app.inject({
      url: '/api/auth/session',
      headers: { cookie: me.cookie },
    });
    expect(session.json().accounts[0].name).toBe('Jörg Lindner-Weiß');
  });

  it('refuses an unknown language and an empty first name, and a request without CSRF', async () => {
    const unknown = await patchProfile({ language: 'fr' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('VALIDATION_FAILED');
    expect(unknown.json().details).toEqual([expect.objectContaining({ path: 'body.language' })]);

    const blank = await patchProfile({ first_name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details).toEqual([expect.objectContaining({ path: 'body.first_name' })]);

    const forged = await patchProfile({ language: 'de' }, { cookie: me.cookie });
    expect(forged.statusCode).toBe(403);
    const profile = await t.app.inject({ url: '/api/profile', headers: { cookie: me.cookie } });
    expect(profile.json()).toMatchObject({ first_name: 'Jörg', language: 'en' });
  });

  it('writes mails and opens the bank in the language saved', async () => {
    expect((await patchProfile({ language: 'de' })).statusCode).toBe(200);
    const { apiKey } = await createTestProvider(t.app, { name: 'Stadtwerke Müllheim' });

    // A new letter's notice.
    const letterId = await deliverTestInvoice(t.app, apiKey, me.email, {
      ...PAYABLE_INVOICE,
      dueInDays: 1,
    });
    await t.app.jobs.runDueJobs();
    const notice = t.mailer.lastTo(me.email);
    expect(notice.subject).toBe('Neuer Brief von Stadtwerke Müllheim');
    expect(notice.text).toContain('Hallo Jörg,');

    // The reminder of the invoice due tomorrow.
    await sendInvoiceReminders(t.app);
    expect(t.mailer.lastTo(me.email).subject).toMatch(/^Erinnerung: Rechnung von Stadtwerke/);

    // The bank's page.
    const payment = await startPaymentAs(t.app, me, letterId);
    const bankUrl = new URL(payment.redirect_url ?? '');
    expect(bankUrl.searchParams.get('lang')).toBe('de');
    const bank = await t.app.inject({ url: `${bankUrl.pathname}${bankUrl.search}` });
    expect(bank.body).toContain('<html lang="de">');
    expect(bank.body).toContain('Testmodus — es wird kein Geld bewegt.');

    // A password reset asked for while logged out.
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: me.email },
    });
    const reset = t.mailer.lastTo(me.email);
    expect(reset.subject).toBe('Ihr Kuvert-Passwort zurücksetzen');
    expect(reset.text).toContain('Hallo Jörg,');
  });
});
