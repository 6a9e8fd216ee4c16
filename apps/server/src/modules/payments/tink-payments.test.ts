import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoggedInUser, type CreatedUser, type LoggedIn } from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { deliverTestInvoice } from '../../test/invoices.ts';
import { createTestProvider } from '../../test/mailbox.ts';
import {
  invoiceStatusOf,
  newIdempotencyKey,
  PAYABLE_INVOICE,
  paymentOf,
  refreshPayment,
  requestPayment,
  startPaymentAs,
} from '../../test/payments.ts';
import { FAKE_TINK_CLIENT, startFakeTink, type FakeTink } from '../../test/tink-server.ts';

describe.each(testEngines)('paying an invoice through Tink (%s)', (engine) => {
  let t: TestApp;
  let tink: FakeTink;
  let me: CreatedUser & LoggedIn;
  let apiKey: string;

  async function newInvoice(): Promise<string> {
    return deliverTestInvoice(t.app, apiKey, me.email, PAYABLE_INVOICE);
  }

  function tinkIdOf(index: number): string {
    const id = tink.paymentRequestIds[index];
    if (!id) throw new Error(`no payment request ${index}`);
    return id;
  }

  beforeAll(async () => {
    tink = await startFakeTink();
    t = await createTestApp(engine, {
      TINK_CLIENT_ID: FAKE_TINK_CLIENT.id,
      TINK_CLIENT_SECRET: FAKE_TINK_CLIENT.secret,
      TINK_MARKET: 'DE',
      TINK_API_URL: tink.url,
      TINK_LINK_URL: 'https://link.tink.example',
    });
    me = await createLoggedInUser(t.app);
    apiKey = (await createTestProvider(t.app, { name: 'Stadtwerke Musterstadt' })).apiKey;
  });
  afterAll(async () => {
    await t.close();
    await tink.close();
  });

  it('hands the payer to Tink Link and settles from the transfers, not the return URL', async () => {
    const letterId = await newInvoice();
    const payment = await startPaymentAs(t.app, me, letterId);
    expect(payment).toMatchObject({ method: 'tink', status: 'pending', is_test_mode: false });
    const tinkId = tinkIdOf(tink.paymentRequestIds.length - 1);
    const link = new URL(payment.redirect_url ?? '');
    expect(link.searchParams.get('payment_request_id')).toBe(tinkId);
    expect(link.searchParams.get('redirect_uri')).toBe('http://localhost:3000/invoice-tink');
    expect(tink.paymentRequests.at(-1)).toMatchObject({
      amount: 123.45,
      recipientName: 'Stadtwerke Musterstadt',
    });

    // The payer is back, and Tink Link put its own words in the URL; Tink has no transfer yet.
    const back = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${payment.id}/refresh?payment_request_id=${tinkId}&status=SENT`,
      headers: me.headers,
      payload: { status: 'succeeded' },
    });
    expect(paymentOf(back).status).toBe('pending');
    expect(await invoiceStatusOf(t.app, letterId)).toBe('payment_pending');

    tink.setTransfers(tinkId, [
      { status: 'SENT', statusMessage: 'Payment successfully initiated' },
    ]);
    const paid = paymentOf(await refreshPayment(t.app, me, payment.id));
    expect(paid.status).toBe('succeeded');
    expect(await invoiceStatusOf(t.app, letterId)).toBe('paid');
  });

  it('follows Tink on the `?error=` return: pending until Tink says cancelled, then open', async () => {
    const letterId = await newInvoice();
    const payment = await startPaymentAs(t.app, me, letterId);
    const tinkId = tinkIdOf(tink.paymentRequestIds.length - 1);
    const errorReturn = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${payment.id}/refresh?error=USER_CANCELLED&message=Cancelled&payment_request_id=${tinkId}`,
      headers: me.headers,
    });
    expect(paymentOf(errorReturn).status).toBe('pending');
    // The payer may go back to Tink Link with the same payment; no second one is started.
    expect((await requestPayment(t.app, me, letterId)).statusCode).toBe(409);

    tink.setTransfers(tinkId, [{ status: 'CANCELLED', statusMessage: 'Cancelled by the user' }]);
    const cancelled = paymentOf(await refreshPayment(t.app, me, payment.id));
    expect(cancelled).toMatchObject({ status: 'cancelled', failure_reason: 'cancelled_by_user' });
    expect(await invoiceStatusOf(t.app, letterId)).toBe('open');
  });

  it('answers 502 when Tink fails, leaves nothing behind, and works on the next try', async () => {
    const letterId = await newInvoice();
    const key = newIdempotencyKey();
    tink.failNext(503);
    const failed = await requestPayment(t.app, me, letterId, key);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({
      code: 'PAYMENT_PROVIDER_UNAVAILABLE',
      message: expect.any(String),
    });
    const rows = await t.app.db
      .selectFrom('payments')
      .select('id')
      .where('letter_id', '=', letterId)
      .execute();
    expect(rows).toEqual([]);
    expect(await invoiceStatusOf(t.app, letterId)).toBe('open');

    const retried = await requestPayment(t.app, me, letterId, key);
    expect(retried.statusCode).toBe(201);
  });

  it('answers 502 on a refresh Tink cannot answer, and keeps the payment pending', async () => {
    const payment = await startPaymentAs(t.app, me, await newInvoice());
    tink.failNext(500);
    const response = await refreshPayment(t.app, me, payment.id);
    expect(response.statusCode).toBe(502);
    const stored = await t.app.inject({
      url: `/api/payments/${payment.id}`,
      headers: { cookie: me.cookie },
    });
    expect(paymentOf(stored).status).toBe('pending');
  });

  it('does not serve the sandbox bank when Tink pays', async () => {
    const response = await t.app.inject({ url: '/sandbox-bank/bank.css' });
    expect(response.statusCode).toBe(404);
  });
});
