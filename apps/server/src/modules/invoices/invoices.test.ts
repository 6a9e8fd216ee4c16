import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { invoiceSchema, openInvoiceListSchema } from '@kuvert/shared/invoices';
import {
  createLoggedInUser,
  login,
  type CreatedUser,
  type LoggedIn,
} from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { dayFromToday, deliverTestInvoice, type TestInvoice } from '../../test/invoices.ts';
import {
  addMember,
  createSharedAccount,
  createTestProvider,
  deliverTestLetter,
  moveLetterToAccount,
  personalAccountOf,
} from '../../test/mailbox.ts';
import { startPaymentAs } from '../../test/payments.ts';
import { decodeQrPng } from '../../test/qr-code.ts';

const DAY = 24 * 3600;

describe.each(testEngines)('invoices (%s)', (engine) => {
  let t: TestApp;
  let me: CreatedUser & LoggedIn;
  let apiKey: string;
  let providerId: string;

  beforeEach(async () => {
    t = await createTestApp(engine);
    me = await createLoggedInUser(t.app);
    const provider = await createTestProvider(t.app, { name: 'Stadtwerke Müllheim' });
    apiKey = provider.apiKey;
    providerId = provider.provider.id;
  });
  afterEach(async () => t.close());

  const deliver = (invoice: TestInvoice = {}) =>
    deliverTestInvoice(t.app, apiKey, me.email, invoice);
  const get = (url: string, user: LoggedIn = me) =>
    t.app.inject({ url, headers: { cookie: user.cookie } });
  const openInvoices = async (query = '') => {
    const response = await get(`/api/invoices?account_id=${personalAccountOf(me)}${query}`);
    expect(response.statusCode).toBe(200);
    return openInvoiceListSchema.parse(response.json());
  };
  const invoice = async (id: string, user: LoggedIn = me) => {
    const response = await get(`/api/invoices/${id}`, user);
    expect(response.statusCode).toBe(200);
    return invoiceSchema.parse(response.json());
  };
  const markPaid = (id: string, payload: object = {}, user: LoggedIn = me) =>
    t.app.inject({
      method: 'POST',
      url: `/api/invoices/${id}/mark-paid`,
      headers: user.headers,
      payload,
    });

  it('lists unpaid invoices earliest due first, with totals per currency and the providers', async () => {
    const other = await createTestProvider(t.app, { name: 'Anwalt Berger' });
    const late = await deliver({ amount: 1000, dueInDays: 20 });
    const soon = await deliver({ amount: 2500, dueInDays: 2 });
    const francs = await deliverTestInvoice(t.app, other.apiKey, me.email, {
      amount: 700,
      currency: 'CHF',
      dueInDays: 10,
    });
    const paid = await deliver({ amount: 5000, dueInDays: 1 });
    const trashed = await deliver({ amount: 9000, dueInDays: 1 });
    const cancelled = await deliver({ amount: 4000, dueInDays: 1 });
    await deliverTestLetter(t.app, apiKey, me.email, { subject: 'Not an invoice' });
    expect((await markPaid(paid)).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/letters/bulk',
      headers: me.headers,
      payload: { letter_ids: [trashed], action: 'trash' },
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/sender/v1/letters/${cancelled}/cancel-invoice`,
      headers: { authorization: `Bearer ${apiKey}` },
    });

    const all = await openInvoices();
    expect(all.items.map((item) => item.letter_id)).toEqual([soon, francs, late]);
    expect(all.totals).toEqual([
      { amount: 700, currency: 'CHF' },
      { amount: 3500, currency: 'EUR' },
    ]);
    expect(all.providers.map((provider) => provider.name)).toEqual([
      'Anwalt Berger',
      'Stadtwerke Müllheim',
    ]);

    const filtered = await openInvoices(`&provider_id=${providerId}`);
    expect(filtered.items.map((item) => item.letter_id)).toEqual([soon, late]);
    expect(filtered.totals).toEqual([{ amount: 3500, currency: 'EUR' }]);
    // The filter still offers every provider with something to pay.
    expect(filtered.providers).toHaveLength(2);
  });

  it('lists paid invoices newest payment first, with totals paid and a provider filter', async () => {
    const other = await createTestProvider(t.app, { name: 'Anwalt Berger' });
    const older = await deliver({ amount: 1000 });
    const newer = await deliver({ amount: 2500 });
    const francs = await deliverTestInvoice(t.app, other.apiKey, me.email, {
      amount: 700,
      currency: 'CHF',
    });
    const unpaid = await deliver({ amount: 4000 });
    const trashed = await deliver({ amount: 9000 });
    for (const [id, daysAgo] of [
      [older, 5],
      [newer, 1],
      [francs, 3],
      [trashed, 0],
    ] as const) {
      const response = await markPaid(id, { paid_on: dayFromToday(t.app, -daysAgo) });
      expect(response.statusCode).toBe(200);
    }
    await t.app.inject({
      method: 'POST',
      url: '/api/letters/bulk',
      headers: me.headers,
      payload: { letter_ids: [trashed], action: 'trash' },
    });

    const paid = await openInvoices('&status=paid');
    expect(paid.items.map((item) => item.letter_id)).toEqual([newer, francs, older]);
    expect(paid.items[0]).toMatchObject({
      status: 'paid',
      paid_via: 'elsewhere',
      paid_at: `${dayFromToday(t.app, -1)}T12:00:00.000Z`,
      can_pay: false,
    });
    expect(paid.totals).toEqual([
      { amount: 700, currency: 'CHF' },
      { amount: 3500, currency: 'EUR' },
    ]);
    expect(paid.providers.map((provider) => provider.name)).toEqual([
      'Anwalt Berger',
      'Stadtwerke Müllheim',
    ]);
    // Unpaid stays the default, and the unpaid list offers only providers with something to pay.
    const open = await openInvoices('&status=unpaid');
    expect(open.items.map((item) => item.letter_id)).toEqual([unpaid]);
    expect(open.providers.map((provider) => provider.name)).toEqual(['Stadtwerke Müllheim']);

    const filtered = await openInvoices(`&status=paid&provider_id=${providerId}`);
    expect(filtered.items.map((item) => item.letter_id)).toEqual([newer, older]);
    expect(filtered.totals).toEqual([{ amount: 3500, currency: 'EUR' }]);
    expect(filtered.providers).toHaveLength(2);

    const stranger = await createLoggedInUser(t.app);
    const foreign = await get(
      `/api/invoices?account_id=${personalAccountOf(me)}&status=paid`,
      stranger,
    );
    expect(foreign.statusCode).toBe(404);
    const unknown = await get(`/api/invoices?account_id=${personalAccountOf(me)}&status=all`);
    expect(unknown.statusCode).toBe(400);
  });

  it('shows one invoice with creditor, reference and what the caller may do', async () => {
    const id = await deliver({
      amount: 14268,
      dueInDays: 14,
      bic: 'COBADEFFXXX',
      reference: 'SWM-2025-88123',
      subject: 'Jahresabrechnung 2025',
    });
    expect(await invoice(id)).toMatchObject({
      letter_id: id,
      account_id: personalAccountOf(me),
      subject: 'Jahresabrechnung 2025',
      provider: { id: providerId, name: 'Stadtwerke Müllheim' },
      amount: 14268,
      currency: 'EUR',
      due_date: dayFromToday(t.app, 14),
      status: 'open',
      is_overdue: false,
      creditor: { name: 'Stadtwerke Müllheim', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
      reference: 'SWM-2025-88123',
      paid_at: null,
      paid_via: null,
      paid_by: null,
      cancelled_at: null,
      epc_qr_available: true,
      can_pay: true,
      active_payment: null,
      last_payment: null,
    });
    const francs = await deliver({ currency: 'CHF' });
    expect((await invoice(francs)).epc_qr_available).toBe(false);

    const letter = await deliverTestLetter(t.app, apiKey, me.email);
    expect((await get(`/api/invoices/${letter}`)).statusCode).toBe(404);
    expect((await get('/api/invoices/no-such-letter')).statusCode).toBe(404);
  });

  it('derives overdue from the server clock, in the invoice, the list and the letter summary', async () => {
    const id = await deliver({ dueInDays: 1 });
    const summaryStatus = async () => (await get(`/api/letters/${id}`)).json().invoice.status;
    expect((await invoice(id)).status).toBe('open');
    expect(await summaryStatus()).toBe('open');

    // Days pass (and the session with them): the same invoice, seen on later days.
    const nextDay = async () => {
      t.clock.advanceSeconds(DAY);
      me = { ...me, ...(await login(t.app, me.email, me.password)) };
    };
    await nextDay();
    // Due today is not late yet.
    expect((await invoice(id)).status).toBe('open');

    await nextDay();
    expect(await invoice(id)).toMatchObject({ status: 'overdue', is_overdue: true, can_pay: true });
    expect(await summaryStatus()).toBe('overdue');
    expect((await openInvoices()).items[0]).toMatchObject({ letter_id: id, status: 'overdue' });

    // A running payment says so, and still counts as late.
    await startPaymentAs(t.app, me, id);
    expect(await invoice(id)).toMatchObject({
      status: 'payment_pending',
      is_overdue: true,
      can_pay: true,
      active_payment: { status: 'pending', method: 'sandbox' },
    });
    expect(await summaryStatus()).toBe('payment_pending');
  });

  it('serves an EPC QR code that a banking app reads as the invoice’s transfer', async () => {
    const plain = await deliver({ amount: 14268, reference: 'Kundennr. 4711 / Rechnung 88123' });
    const response = await get(`/api/invoices/${plain}/epc-qr.png`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(decodeQrPng(response.rawPayload).split('\n')).toEqual([
      'BCD',
      '002',
      '1',
      'SCT',
      '',
      'Stadtwerke Müllheim',
      'DE89370400440532013000',
      'EUR142.68',
      '',
      '',
      'Kundennr. 4711 / Rechnung 88123',
    ]);

    const structured = await deliver({
      amount: 5,
      bic: 'COBADEFFXXX',
      reference: 'RF18 5390 0754 7034',
    });
    const code = decodeQrPng((await get(`/api/invoices/${structured}/epc-qr.png`)).rawPayload);
    expect(code).toBe(
      'BCD\n002\n1\nSCT\nCOBADEFFXXX\nStadtwerke Müllheim\nDE89370400440532013000\nEUR0.05\n\nRF18539007547034',
    );
  });

  it('has no EPC QR code for other currencies or for invoices no longer owed', async () => {
    const francs = await deliver({ currency: 'CHF' });
    const paid = await deliver();
    await markPaid(paid);
    for (const id of [francs, paid]) {
      const response = await get(`/api/invoices/${id}/epc-qr.png`);
      expect(response.statusCode).toBe(404);
      expect((await invoice(id)).epc_qr_available).toBe(false);
    }
  });

  it('marks an invoice paid elsewhere once, tells the provider and logs who did it', async () => {
    const provider = await createTestProvider(t.app, {
      name: 'Webhook GmbH',
      webhookUrl: 'https://hooks.provider.example/kuvert',
    });
    const id = await deliverTestInvoice(t.app, provider.apiKey, me.email, {
      amount: 3999,
      reference: 'MP-2025-11-0123',
      externalId: 'bill-11',
    });
    const publish = vi.spyOn(t.app.events, 'publish');
    const paidOn = dayFromToday(t.app, -2);
    const response = await markPaid(id, { paid_on: paidOn });
    expect(publish).toHaveBeenCalledWith({
      type: 'invoices.changed',
      account_id: personalAccountOf(me),
    });
    expect(response.statusCode).toBe(200);
    expect(invoiceSchema.parse(response.json())).toMatchObject({
      status: 'paid',
      paid_via: 'elsewhere',
      paid_at: `${paidOn}T12:00:00.000Z`,
      can_pay: false,
      epc_qr_available: false,
    });
    expect((await openInvoices()).items).toEqual([]);

    const jobs = await t.app.db
      .selectFrom('jobs')
      .select('payload')
      .where('type', '=', 'webhook.deliver')
      .execute();
    expect(jobs.map((job) => JSON.parse(job.payload))).toEqual([
      expect.objectContaining({
        provider_id: provider.provider.id,
        type: 'invoice.paid',
        data: {
          letter_id: id,
          external_id: 'bill-11',
          amount: 3999,
          currency: 'EUR',
          reference: 'MP-2025-11-0123',
          paid_at: `${paidOn}T12:00:00.000Z`,
          paid_via: 'elsewhere',
        },
      }),
    ]);

    const again = await markPaid(id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('INVOICE_NOT_PAYABLE');
    const events = (await get('/api/profile/audit-events')).json().events;
    expect(
      events.filter((event: { type: string }) => event.type === 'invoice_marked_paid'),
    ).toHaveLength(1);
  });

  it('takes today and the current time when no day is given, and refuses a day in the future', async () => {
    const id = await deliver();
    const future = await markPaid(id, { paid_on: dayFromToday(t.app, 1) });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'body.paid_on' }],
    });
    const response = await markPaid(id);
    expect(response.json().paid_at).toBe(t.clock.now().toISOString());
  });

  it('refuses to mark paid while a payment waits for the bank, once cancelled, or in the trash', async () => {
    const pending = await deliver();
    await startPaymentAs(t.app, me, pending);
    const refused = await markPaid(pending);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('PAYMENT_IN_PROGRESS');

    const cancelled = await deliver();
    await t.app.inject({
      method: 'POST',
      url: `/api/sender/v1/letters/${cancelled}/cancel-invoice`,
      headers: { authorization: `Bearer ${apiKey}` },
    });
    const answer = await markPaid(cancelled);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().code).toBe('INVOICE_NOT_PAYABLE');
    expect(await invoice(cancelled)).toMatchObject({ status: 'cancelled', can_pay: false });

    const trashed = await deliver();
    await t.app.inject({
      method: 'POST',
      url: '/api/letters/bulk',
      headers: me.headers,
      payload: { letter_ids: [trashed], action: 'trash' },
    });
    expect(await invoice(trashed)).toMatchObject({ status: 'open', can_pay: false });
    const inTrash = await markPaid(trashed);
    expect(inTrash.statusCode).toBe(409);
    expect(inTrash.json().message).toMatch(/trash/);
  });

  it('lets a viewer of a shared account see invoices but not mark them paid', async () => {
    const viewer = await createLoggedInUser(t.app);
    const shared = await createSharedAccount(t.app, me.user.id);
    await addMember(t.app, shared, viewer.user.id, 'viewer');
    const id = await deliver();
    await moveLetterToAccount(t.app, id, shared);

    expect(await invoice(id, viewer)).toMatchObject({ status: 'open', can_pay: false });
    expect((await markPaid(id, {}, viewer)).statusCode).toBe(403);
    expect((await invoice(id)).can_pay).toBe(true);
    const stranger = await createLoggedInUser(t.app);
    expect((await markPaid(id, {}, stranger)).statusCode).toBe(404);

    // Who marked it paid is named: "you" for the owner, by name for the viewer.
    expect((await markPaid(id)).statusCode).toBe(200);
    expect((await invoice(id)).paid_by).toEqual({ name: expect.any(String), is_you: true });
    const seenByViewer = await invoice(id, viewer);
    expect(seenByViewer.paid_by).toMatchObject({ is_you: false });
    expect(seenByViewer.paid_by?.name).not.toBe('');
  });

  it('counts only unpaid invoices outside the trash on the home page', async () => {
    await deliver({ amount: 1000, dueInDays: 9 });
    await deliver({ amount: 2500, dueInDays: 3 });
    await deliver({ amount: 700, currency: 'CHF', dueInDays: 30 });
    const paid = await deliver({ amount: 50_000, dueInDays: 1 });
    const trashed = await deliver({ amount: 60_000, dueInDays: 1 });
    const pending = await deliver({ amount: 300, dueInDays: 20 });
    await markPaid(paid);
    await startPaymentAs(t.app, me, pending);
    await t.app.inject({
      method: 'POST',
      url: '/api/letters/bulk',
      headers: me.headers,
      payload: { letter_ids: [trashed], action: 'trash' },
    });

    const home = (await get(`/api/home?account_id=${personalAccountOf(me)}`)).json();
    expect(home.open_invoices).toEqual({
      count: 4,
      totals: [
        { amount: 700, currency: 'CHF' },
        { amount: 3800, currency: 'EUR' },
      ],
      next_due_date: dayFromToday(t.app, 3),
      is_overdue: false,
    });
  });
});
