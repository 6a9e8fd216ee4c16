import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { senderLetterStatusSchema } from '@kuvert/shared/sender-api';
import { createLoggedInUser, type CreatedUser, type LoggedIn } from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { dayFromToday, deliverTestInvoice } from '../../test/invoices.ts';
import { createTestProvider, deliverTestLetter, personalAccountOf } from '../../test/mailbox.ts';
import { startPaymentAs } from '../../test/payments.ts';

const DAY = 24 * 3600;

describe.each(testEngines)('invoices in the Sender API (%s)', (engine) => {
  let t: TestApp;
  let me: CreatedUser & LoggedIn;
  let apiKey: string;

  beforeEach(async () => {
    t = await createTestApp(engine);
    me = await createLoggedInUser(t.app);
    apiKey = (await createTestProvider(t.app)).apiKey;
  });
  afterEach(async () => t.close());

  const status = async (id: string, key = apiKey) => {
    const response = await t.app.inject({
      url: `/api/sender/v1/letters/${id}`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(response.statusCode).toBe(200);
    return senderLetterStatusSchema.parse(response.json());
  };
  const cancel = (id: string, headers: Record<string, string> = {}, key = apiKey) =>
    t.app.inject({
      method: 'POST',
      url: `/api/sender/v1/letters/${id}/cancel-invoice`,
      headers: { authorization: `Bearer ${key}`, ...headers },
    });

  it('reports the payment status of an invoice, and null for other letters', async () => {
    const id = await deliverTestInvoice(t.app, apiKey, me.email, {
      amount: 14268,
      dueInDays: 1,
      reference: 'SWM-88123',
    });
    expect((await status(id)).invoice).toEqual({
      status: 'open',
      amount: 14268,
      currency: 'EUR',
      due_date: dayFromToday(t.app, 1),
      reference: 'SWM-88123',
      paid_at: null,
      paid_via: null,
      cancelled_at: null,
    });
    t.clock.advanceSeconds(2 * DAY);
    expect((await status(id)).invoice?.status).toBe('overdue');

    const letter = await deliverTestLetter(t.app, apiKey, me.email);
    expect((await status(letter)).invoice).toBeNull();
  });

  it('shows an invoice the user marked paid elsewhere as paid', async () => {
    const id = await deliverTestInvoice(t.app, apiKey, me.email);
    await t.app.inject({
      method: 'POST',
      url: `/api/invoices/${id}/mark-paid`,
      headers: me.headers,
      payload: {},
    });
    expect((await status(id)).invoice).toMatchObject({
      status: 'paid',
      paid_via: 'elsewhere',
      paid_at: t.clock.now().toISOString(),
    });
  });

  it('cancels an unpaid invoice: gone from the user’s open invoices, and a retry changes nothing', async () => {
    const publish = vi.spyOn(t.app.events, 'publish');
    const id = await deliverTestInvoice(t.app, apiKey, me.email);
    const response = await cancel(id);
    expect(response.statusCode).toBe(200);
    const cancelledAt = t.clock.now().toISOString();
    expect(senderLetterStatusSchema.parse(response.json()).invoice).toMatchObject({
      status: 'cancelled',
      cancelled_at: cancelledAt,
    });
    expect(publish).toHaveBeenCalledWith({
      type: 'invoices.changed',
      account_id: personalAccountOf(me),
    });

    const list = await t.app.inject({
      url: `/api/invoices?account_id=${personalAccountOf(me)}`,
      headers: { cookie: me.cookie },
    });
    expect(list.json().items).toEqual([]);
    const invoice = await t.app.inject({
      url: `/api/invoices/${id}`,
      headers: { cookie: me.cookie },
    });
    expect(invoice.json()).toMatchObject({
      status: 'cancelled',
      can_pay: false,
      cancelled_at: cancelledAt,
    });

    t.clock.advanceSeconds(60);
    const again = await cancel(id);
    expect(again.statusCode).toBe(200);
    expect(again.json().invoice.cancelled_at).toBe(cancelledAt);
  });

  it('honours an Idempotency-Key: the first answer again, and never for another request', async () => {
    const first = await deliverTestInvoice(t.app, apiKey, me.email);
    const second = await deliverTestInvoice(t.app, apiKey, me.email);
    const key = { 'idempotency-key': 'cancel-first-0001' };
    const answer = await cancel(first, key);
    expect(answer.statusCode).toBe(200);
    const retry = await cancel(first, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(answer.json());

    const misuse = await cancel(second, key);
    expect(misuse.statusCode).toBe(409);
    expect(misuse.json().code).toBe('CONFLICT');
    expect((await status(second)).invoice?.status).toBe('open');
  });

  it('refuses to cancel a paid invoice, or one with a payment at the bank', async () => {
    const paid = await deliverTestInvoice(t.app, apiKey, me.email);
    await t.app.inject({
      method: 'POST',
      url: `/api/invoices/${paid}/mark-paid`,
      headers: me.headers,
      payload: {},
    });
    const refused = await cancel(paid);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('INVOICE_NOT_PAYABLE');
    expect((await status(paid)).invoice?.status).toBe('paid');

    const pending = await deliverTestInvoice(t.app, apiKey, me.email);
    await startPaymentAs(t.app, me, pending);
    const busy = await cancel(pending);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().code).toBe('PAYMENT_IN_PROGRESS');
    expect((await status(pending)).invoice?.status).toBe('payment_pending');
  });

  it("answers 404 for another provider's invoice and for a letter that is no invoice", async () => {
    const other = await createTestProvider(t.app);
    const id = await deliverTestInvoice(t.app, apiKey, me.email);
    expect((await cancel(id, {}, other.apiKey)).statusCode).toBe(404);
    expect((await status(id)).invoice?.status).toBe('open');
    const letter = await deliverTestLetter(t.app, apiKey, me.email);
    expect((await cancel(letter)).statusCode).toBe(404);
    expect((await cancel(id, {}, 'kuv_live_not-a-key')).statusCode).toBe(401);
  });
});
