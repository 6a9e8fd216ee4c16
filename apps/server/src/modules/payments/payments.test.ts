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
import {
  decideAtBank,
  invoiceStatusOf,
  newIdempotencyKey,
  PAYABLE_INVOICE,
  pathOf,
  paymentOf,
  refreshPayment,
  requestPayment,
  startPaymentAs,
} from '../../test/payments.ts';
import { PAYMENT_RECHECK_JOB, schedulePaymentRecheck } from './payment-jobs.ts';

describe.each(testEngines)('paying an invoice with the sandbox bank (%s)', (engine) => {
  let t: TestApp;
  let me: CreatedUser & LoggedIn;
  let apiKey: string;

  async function newInvoice(): Promise<string> {
    return deliverTestInvoice(t.app, apiKey, me.email, PAYABLE_INVOICE);
  }

  async function invoicePaidJobs(letterId: string): Promise<number> {
    const jobs = await t.app.db
      .selectFrom('jobs')
      .select('payload')
      .where('type', '=', 'webhook.deliver')
      .execute();
    return jobs.filter(
      (job) => job.payload.includes('"invoice.paid"') && job.payload.includes(letterId),
    ).length;
  }

  /** A new session: the tests move the clock past session timeouts. */
  async function logInAgain(): Promise<void> {
    me = { ...me, ...(await login(t.app, me.email, me.password)) };
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '1000' });
    me = await createLoggedInUser(t.app);
    // A local address that nothing answers: the webhook is only queued in these tests.
    const provider = await createTestProvider(t.app, {
      name: 'Stadtwerke Musterstadt',
      webhookUrl: 'http://127.0.0.1:9/kuvert-hooks',
    });
    apiKey = provider.apiKey;
  });
  beforeEach(logInAgain);
  afterAll(async () => t.close());

  it('pays through the bank page: approve, come back, refresh, paid once', async () => {
    const letterId = await newInvoice();
    const payment = await startPaymentAs(t.app, me, letterId);
    expect(payment).toMatchObject({
      letter_id: letterId,
      method: 'sandbox',
      status: 'pending',
      amount: 12345,
      currency: 'EUR',
      is_test_mode: true,
      failure_reason: null,
    });
    expect(payment.redirect_url).toMatch(
      /^http:\/\/localhost:3000\/sandbox-bank\/payments\/[\w-]{32}\?lang=en$/,
    );
    expect(await invoiceStatusOf(t.app, letterId)).toBe('payment_pending');

    const page = await t.app.inject({ url: pathOf(payment.redirect_url) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Stadtwerke Musterstadt');
    expect(page.body).toContain('€123.45');

    const approved = await decideAtBank(t.app, payment, 'approve');
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toBe(
      `http://localhost:3000/invoice-tink?payment_id=${payment.id}`,
    );

    const refreshed = paymentOf(await refreshPayment(t.app, me, payment.id));
    expect(refreshed).toMatchObject({ id: payment.id, status: 'succeeded', redirect_url: null });
    expect(refreshed.completed_at).not.toBeNull();
    expect(await invoiceStatusOf(t.app, letterId)).toBe('paid');
    const letter = await t.app.db
      .selectFrom('letters')
      .select(['invoice_paid_via', 'invoice_paid_by_user_id'])
      .where('id', '=', letterId)
      .executeTakeFirstOrThrow();
    expect(letter).toEqual({ invoice_paid_via: 'kuvert', invoice_paid_by_user_id: me.user.id });

    const senderStatus = await t.app.inject({
      url: `/api/sender/v1/letters/${letterId}`,
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect(senderStatus.json().invoice).toMatchObject({ status: 'paid', paid_via: 'kuvert' });

    // Refreshing again changes nothing and tells the provider nothing twice.
    const again = paymentOf(await refreshPayment(t.app, me, payment.id));
    expect(again).toEqual(refreshed);
    expect(await invoicePaidJobs(letterId)).toBe(1);
    const stored = await t.app.inject({
      url: `/api/payments/${payment.id}`,
      headers: { cookie: me.cookie },
    });
    expect(paymentOf(stored)).toEqual(refreshed);
  });

  it('records "payment started" in the audit log the profile shows', async () => {
    await startPaymentAs(t.app, me, await newInvoice());
    const response = await t.app.inject({
      url: '/api/profile/audit-events',
      headers: { cookie: me.cookie },
    });
    const types = response.json().events.map((event: { type: string }) => event.type);
    expect(types).toContain('payment_started');
  });

  it('shows a declined payment as failed, and lets the user pay again', async () => {
    const letterId = await newInvoice();
    const payment = await startPaymentAs(t.app, me, letterId);
    expect((await decideAtBank(t.app, payment, 'decline')).statusCode).toBe(303);
    const declined = paymentOf(await refreshPayment(t.app, me, payment.id));
    expect(declined).toMatchObject({ status: 'failed', failure_reason: 'declined' });
    expect(await invoiceStatusOf(t.app, letterId)).toBe('failed');

    const retry = await requestPayment(t.app, me, letterId);
    expect(retry.statusCode).toBe(201);
    expect(paymentOf(retry).id).not.toBe(payment.id);
    expect(await invoiceStatusOf(t.app, letterId)).toBe('payment_pending');
  });

  it('reopens the invoice when the payer cancels at the bank', async () => {
    const letterId = await newInvoice();
    const payment = await startPaymentAs(t.app, me, letterId);
    const abandoned = await decideAtBank(t.app, payment, 'abandon');
    expect(abandoned.statusCode).toBe(303);
    expect(abandoned.headers.location).toContain(`/invoice-tink?payment_id=${payment.id}`);
    const cancelled = paymentOf(await refreshPayment(t.app, me, payment.id));
    expect(cancelled).toMatchObject({ status: 'cancelled', failure_reason: 'cancelled_by_user' });
    expect(await invoiceStatusOf(t.app, letterId)).toBe('open');
  });

  it('expires a payment nobody decides on within 30 minutes', async () => {
    const letterId = await newInvoice();
    const payment = await startPaymentAs(t.app, me, letterId);
    t.clock.advanceSeconds(29 * 60);
    await logInAgain();
    expect(paymentOf(await refreshPayment(t.app, me, payment.id)).status).toBe('pending');
    t.clock.advanceSeconds(2 * 60);
    await logInAgain();
    const late = await decideAtBank(t.app, payment, 'approve');
    expect(late.statusCode).toBe(409);
    const expired = paymentOf(await refreshPayment(t.app, me, payment.id));
    expect(expired).toMatchObject({ status: 'failed', failure_reason: 'expired' });
    expect(await invoiceStatusOf(t.app, letterId)).toBe('failed');
  });

  it('answers a double click or a retry with the same key with one payment', async () => {
    const letterId = await newInvoice();
    const key = newIdempotencyKey();
    const first = await requestPayment(t.app, me, letterId, key);
    const second = await requestPayment(t.app, me, letterId, key);
    expect([first.statusCode, second.statusCode]).toEqual([201, 200]);
    expect(paymentOf(second)).toEqual(paymentOf(first));

    const otherInvoice = await newInvoice();
    const concurrentKey = newIdempotencyKey();
    const twins = await Promise.all([
      requestPayment(t.app, me, otherInvoice, concurrentKey),
      requestPayment(t.app, me, otherInvoice, concurrentKey),
    ]);
    expect(twins.map((response) => response.statusCode).toSorted()).toEqual([200, 201]);
    expect(new Set(twins.map((response) => paymentOf(response).id)).size).toBe(1);
    const rows = await t.app.db
      .selectFrom('payments')
      .select('id')
      .where('letter_id', 'in', [letterId, otherInvoice])
      .execute();
    expect(rows).toHaveLength(2);
  });

  it('refuses a second payment while one is running (409 PAYMENT_IN_PROGRESS)', async () => {
    const letterId = await newInvoice();
    await startPaymentAs(t.app, me, letterId);
    const second = await requestPayment(t.app, me, letterId);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      code: 'PAYMENT_IN_PROGRESS',
      message: 'A payment for this invoice is already in progress.',
    });

    const racing = await newInvoice();
    const answers = await Promise.all([
      requestPayment(t.app, me, racing),
      requestPayment(t.app, me, racing),
      requestPayment(t.app, me, racing),
    ]);
    expect(answers.map((response) => response.statusCode).toSorted()).toEqual([201, 409, 409]);
    const pending = await t.app.db
      .selectFrom('payments')
      .select('id')
      .where('letter_id', '=', racing)
      .execute();
    expect(pending).toHaveLength(1);
  });

  it('asks the bank before refusing: a payment finished there does not block', async () => {
    const declinedInvoice = await newInvoice();
    const declined = await startPaymentAs(t.app, me, declinedInvoice);
    await decideAtBank(t.app, declined, 'decline');
    // The payer never came back to refresh; the next attempt finds out from the bank.
    expect((await requestPayment(t.app, me, declinedInvoice)).statusCode).toBe(201);

    const paidInvoice = await newInvoice();
    const approved = await startPaymentAs(t.app, me, paidInvoice);
    await decideAtBank(t.app, approved, 'approve');
    const afterPaid = await requestPayment(t.app, me, paidInvoice);
    expect(afterPaid.statusCode).toBe(409);
    expect(afterPaid.json().code).toBe('INVOICE_NOT_PAYABLE');
    expect(await invoiceStatusOf(t.app, paidInvoice)).toBe('paid');
  });

  it('gives up a payment started with a provider no longer configured', async () => {
    const letterId = await newInvoice();
    const payment = await startPaymentAs(t.app, me, letterId);
    // As if it had been started while Tink was configured.
    await t.app.db
      .updateTable('payments')
      .set({ method: 'tink', external_id: 'tink-request-1' })
      .where('id', '=', payment.id)
      .execute();
    const refreshed = paymentOf(await refreshPayment(t.app, me, payment.id));
    expect(refreshed).toMatchObject({ status: 'failed', failure_reason: 'provider_error' });
    expect((await requestPayment(t.app, me, letterId)).statusCode).toBe(201);
  });

  it('refuses to pay a paid invoice (409 INVOICE_NOT_PAYABLE)', async () => {
    const letterId = await newInvoice();
    const payment = await startPaymentAs(t.app, me, letterId);
    await decideAtBank(t.app, payment, 'approve');
    await refreshPayment(t.app, me, payment.id);
    const response = await requestPayment(t.app, me, letterId);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('INVOICE_NOT_PAYABLE');
  });

  it('never takes the outcome from the return URL, the query or the body', async () => {
    const letterId = await newInvoice();
    const payment = await startPaymentAs(t.app, me, letterId);
    const tampered = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${payment.id}/refresh?status=succeeded&payment_status=paid&error=`,
      headers: me.headers,
      payload: { status: 'succeeded', failure_reason: null },
    });
    expect(paymentOf(tampered).status).toBe('pending');
    const page = await t.app.inject({
      url: `/invoice-tink?payment_id=${payment.id}&status=succeeded`,
    });
    expect(page.statusCode).not.toBe(500);
    expect(await invoiceStatusOf(t.app, letterId)).toBe('payment_pending');
    const stored = await t.app.inject({
      url: `/api/payments/${payment.id}`,
      headers: { cookie: me.cookie },
    });
    expect(paymentOf(stored).status).toBe('pending');
  });

  it('requires an Idempotency-Key of the documented shape', async () => {
    const letterId = await newInvoice();
    const missing = await t.app.inject({
      method: 'POST',
      url: `/api/invoices/${letterId}/payments`,
      headers: me.headers,
    });
    const invalid = await requestPayment(t.app, me, letterId, 'short');
    for (const response of [missing, invalid]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    expect(await invoiceStatusOf(t.app, letterId)).toBe('open');
  });

  it('refuses a key used for another invoice', async () => {
    const key = newIdempotencyKey();
    expect((await requestPayment(t.app, me, await newInvoice(), key)).statusCode).toBe(201);
    const reused = await requestPayment(t.app, me, await newInvoice(), key);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe('CONFLICT');
  });

  it('confirms a payment on the way back from any browser of a member, by its id alone', async () => {
    const letterId = await newInvoice();
    const payment = await startPaymentAs(t.app, me, letterId);
    await decideAtBank(t.app, payment, 'approve');
    // Approved on the phone: a session of its own, nothing of the laptop's.
    const phone = await login(t.app, me.email, me.password);
    expect(phone.loginToken).not.toBe(me.loginToken);
    const confirmed = paymentOf(await refreshPayment(t.app, phone, payment.id));
    expect(confirmed).toMatchObject({ id: payment.id, status: 'succeeded' });
    expect(await invoiceStatusOf(t.app, letterId)).toBe('paid');

    // Another member of a shared mailbox may confirm it too.
    const partner = await createLoggedInUser(t.app);
    const shared = await createSharedAccount(t.app, me.user.id);
    await addMember(t.app, shared, partner.user.id, 'member');
    const sharedInvoice = await newInvoice();
    await moveLetterToAccount(t.app, sharedInvoice, shared);
    const sharedPayment = await startPaymentAs(t.app, me, sharedInvoice);
    await decideAtBank(t.app, sharedPayment, 'decline');
    const declined = paymentOf(await refreshPayment(t.app, partner, sharedPayment.id));
    expect(declined).toMatchObject({ status: 'failed', failure_reason: 'declined' });
  });

  it('answers a clean 404 for a return URL id that is no payment the caller may see', async () => {
    const stranger = await createLoggedInUser(t.app);
    const theirs = await startPaymentAs(t.app, me, await newInvoice());
    const ids = ['0190a0b0-0000-7000-8000-000000000000', 'not-a-payment-id', 'x'.repeat(64)];
    for (const id of ids) {
      const response = await refreshPayment(t.app, me, id);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
    const foreign = await refreshPayment(t.app, stranger, theirs.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(foreign.body).not.toContain(theirs.letter_id);
    const stored = await t.app.inject({
      url: `/api/payments/${theirs.id}`,
      headers: { cookie: me.cookie },
    });
    expect(paymentOf(stored).status).toBe('pending');
  });

  it('lets viewers see but not pay, and strangers neither (403, 404)', async () => {
    const viewer = await createLoggedInUser(t.app);
    const stranger = await createLoggedInUser(t.app);
    const shared = await createSharedAccount(t.app, me.user.id);
    await addMember(t.app, shared, viewer.user.id, 'viewer');
    const letterId = await newInvoice();
    await moveLetterToAccount(t.app, letterId, shared);

    expect((await requestPayment(t.app, viewer, letterId)).statusCode).toBe(403);
    expect((await requestPayment(t.app, stranger, letterId)).statusCode).toBe(404);
    const payment = await startPaymentAs(t.app, me, letterId);
    const asViewer = await t.app.inject({
      url: `/api/payments/${payment.id}`,
      headers: { cookie: viewer.cookie },
    });
    expect(paymentOf(asViewer).id).toBe(payment.id);
    expect((await refreshPayment(t.app, viewer, payment.id)).statusCode).toBe(403);
    const asStranger = await t.app.inject({
      url: `/api/payments/${payment.id}`,
      headers: { cookie: stranger.cookie },
    });
    expect(asStranger.statusCode).toBe(404);
    expect((await refreshPayment(t.app, stranger, payment.id)).statusCode).toBe(404);
  });

  it('settles payments whose payer never came back, in the background', async () => {
    const approvedInvoice = await newInvoice();
    const approved = await startPaymentAs(t.app, me, approvedInvoice);
    await decideAtBank(t.app, approved, 'approve');
    const forgottenInvoice = await newInvoice();
    const forgotten = await startPaymentAs(t.app, me, forgottenInvoice);

    t.clock.advanceSeconds(6 * 60);
    await schedulePaymentRecheck(t.app);
    await schedulePaymentRecheck(t.app);
    const scheduled = await t.app.db
      .selectFrom('jobs')
      .select('id')
      .where('type', '=', PAYMENT_RECHECK_JOB)
      .where('status', '=', 'pending')
      .execute();
    expect(scheduled).toHaveLength(1);
    await t.app.jobs.runDueJobs();
    expect(await invoiceStatusOf(t.app, approvedInvoice)).toBe('paid');
    expect(await invoiceStatusOf(t.app, forgottenInvoice)).toBe('payment_pending');

    t.clock.advanceSeconds(30 * 60);
    await t.app.jobs.runDueJobs();
    await logInAgain();
    const stored = await t.app.inject({
      url: `/api/payments/${forgotten.id}`,
      headers: { cookie: me.cookie },
    });
    expect(paymentOf(stored)).toMatchObject({ status: 'failed', failure_reason: 'expired' });
    expect(await invoiceStatusOf(t.app, forgottenInvoice)).toBe('failed');
  });
});
