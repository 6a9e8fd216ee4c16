import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TinkConfig } from '../../config/env.ts';
import { FakeClock } from '../../test/helper.ts';
import {
  FAKE_TINK_CLIENT,
  startFakeTink,
  TINK_TOKEN_SECONDS,
  type FakeTink,
} from '../../test/tink-server.ts';
import type {
  PaymentInitiation,
  PaymentProvider,
  ProviderPaymentStatus,
} from './payment-provider.ts';
import { createTinkAdapter } from './tink-adapter.ts';
import { tinkTransferStatuses } from './tink-status.ts';

const pending: ProviderPaymentStatus = { status: 'pending' };
const succeeded: ProviderPaymentStatus = { status: 'succeeded' };

/** Every transfer status Tink documents (now or in earlier API versions), and its meaning. */
const expectedMapping: Array<[string, ProviderPaymentStatus]> = [
  ['CREATED', pending],
  ['EXECUTING', pending],
  ['AWAITING_CREDENTIALS', pending],
  ['AWAITING_THIRD_PARTY_APP_AUTHENTICATION', pending],
  ['SIGNED', pending],
  ['PARTIALLY_SENT', pending],
  ['PAYMENT_STATUS_TYPE_UNSPECIFIED', pending],
  ['UNKNOWN', pending],
  ['SENT', succeeded],
  ['EXECUTED', succeeded],
  ['SETTLEMENT_IN_PROGRESS', succeeded],
  ['SETTLEMENT_COMPLETED', succeeded],
  ['SETTLED', succeeded],
  ['SETTLED_PAYER', succeeded],
  ['SETTLED_PAYEE', succeeded],
  ['CANCELLED', { status: 'cancelled', failureReason: 'cancelled_by_user' }],
  ['REJECTED', { status: 'failed', failureReason: 'declined' }],
  ['FAILED', { status: 'failed', failureReason: 'provider_error' }],
];

const invoicePayment: PaymentInitiation = {
  paymentId: 'kuvert-payment-1',
  amount: 12345,
  currency: 'EUR',
  creditorName: 'Stadtwerke Musterstadt Versorgung GmbH',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  reference: 'RF18 5390 0754 7034',
  returnUrl: 'https://kuvert.example/invoice-tink?payment_id=kuvert-payment-1',
  language: 'de',
};

/** What a failed call threw; the test fails if it did not throw. */
async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

/** AppError PAYMENT_PROVIDER_UNAVAILABLE, answered 502. */
const unavailable = { name: 'AppError', code: 'PAYMENT_PROVIDER_UNAVAILABLE', statusCode: 502 };

describe('the Tink adapter, against a local Tink-shaped server', () => {
  let tink: FakeTink;
  let clock: FakeClock;
  let warnings: unknown[];
  let adapter: PaymentProvider;

  function configFor(overrides: Partial<TinkConfig> = {}): TinkConfig {
    return {
      clientId: FAKE_TINK_CLIENT.id,
      clientSecret: FAKE_TINK_CLIENT.secret,
      market: 'DE',
      apiUrl: tink.url,
      linkUrl: 'https://link.tink.example',
      ...overrides,
    };
  }

  function newAdapter(overrides: Partial<TinkConfig> = {}, timeoutMs?: number): PaymentProvider {
    return createTinkAdapter({
      config: configFor(overrides),
      clock,
      log: { warn: (details: unknown) => void warnings.push(details) },
      ...(timeoutMs ? { timeoutMs } : {}),
    });
  }

  async function statusAfter(transfers: Parameters<FakeTink['setTransfers']>[1]) {
    const { externalId } = await adapter.initiate(invoicePayment);
    tink.setTransfers(externalId, transfers);
    return adapter.getStatus({ externalId, startedAt: clock.now() });
  }

  beforeEach(async () => {
    tink = await startFakeTink();
    clock = new FakeClock();
    warnings = [];
    adapter = newAdapter();
  });
  afterEach(async () => tink.close());

  it('gets a client-credentials token with the payment scopes, and reuses it', async () => {
    await adapter.initiate(invoicePayment);
    await adapter.initiate(invoicePayment);
    expect(tink.tokenRequests).toHaveLength(1);
    expect(Object.fromEntries(tink.tokenRequests[0] ?? [])).toEqual({
      client_id: FAKE_TINK_CLIENT.id,
      client_secret: FAKE_TINK_CLIENT.secret,
      grant_type: 'client_credentials',
      scope: 'payment:read,payment:write',
    });
    expect(tink.authorisedCalls).toBe(2);

    // Shortly before it expires, a new one is fetched.
    clock.advanceSeconds(TINK_TOKEN_SECONDS - 90);
    await adapter.initiate(invoicePayment);
    expect(tink.tokenRequests).toHaveLength(1);
    clock.advanceSeconds(60);
    await adapter.initiate(invoicePayment);
    expect(tink.tokenRequests).toHaveLength(2);
  });

  it('shares one token request between concurrent calls', async () => {
    await Promise.all([1, 2, 3].map(() => adapter.initiate(invoicePayment)));
    expect(tink.tokenRequests).toHaveLength(1);
    expect(tink.paymentRequests).toHaveLength(3);
  });

  it('creates the payment request as documented and sends the payer to Tink Link', async () => {
    const initiated = await adapter.initiate(invoicePayment);
    expect(tink.paymentRequests).toEqual([
      {
        recipient: {
          accountNumber: 'DE89370400440532013000',
          accountType: 'iban',
          businessIdentifierCode: 'COBADEFFXXX',
        },
        amount: 123.45,
        currency: 'EUR',
        market: 'DE',
        recipientName: 'Stadtwerke Musterstadt Versorg',
        remittanceInformation: { type: 'UNSTRUCTURED', value: 'RF18 5390 0754 7034' },
        paymentScheme: 'SEPA_INSTANT_CREDIT_TRANSFER',
      },
    ]);
    expect(initiated.externalId).toBe(tink.paymentRequestIds[0]);
    const link = new URL(initiated.redirectUrl);
    expect(`${link.origin}${link.pathname}`).toBe('https://link.tink.example/1.0/pay/');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      client_id: FAKE_TINK_CLIENT.id,
      // Without the query: Tink matches registered redirect URIs exactly.
      redirect_uri: 'https://kuvert.example/invoice-tink',
      market: 'DE',
      locale: 'de_DE',
      payment_request_id: initiated.externalId,
    });
  });

  it('adds the payer-side message only in Sweden', async () => {
    const swedish = newAdapter({ market: 'SE' });
    await swedish.initiate({ ...invoicePayment, currency: 'SEK', bic: null, language: 'en' });
    expect(tink.paymentRequests[0]).toMatchObject({
      currency: 'SEK',
      market: 'SE',
      sourceMessage: 'Stadtwerke Musterstadt Versorgung GmbH RF18 5390 0',
    });
    expect(tink.paymentRequests[0]).not.toHaveProperty('paymentScheme');
    expect(tink.paymentRequests[0]?.recipient).toEqual({
      accountNumber: 'DE89370400440532013000',
      accountType: 'iban',
    });
  });

  it('maps every documented transfer status', async () => {
    expect(expectedMapping.map(([status]) => status).toSorted()).toEqual(
      Object.keys(tinkTransferStatuses).toSorted(),
    );
    for (const [status, expected] of expectedMapping) {
      const outcome = await statusAfter([{ status }]);
      expect({ status, outcome }).toEqual({ status, outcome: expected });
    }
  });

  it('keeps an unknown status pending, and says so in the log', async () => {
    expect(await statusAfter([{ status: 'SOMETHING_NEW' }])).toEqual(pending);
    expect(warnings).toEqual([expect.objectContaining({ statuses: ['SOMETHING_NEW'] })]);
  });

  it("passes Tink's status message on, and tells lack of funds apart", async () => {
    expect(await statusAfter([{ status: 'FAILED', statusMessage: 'Bank error' }])).toEqual({
      status: 'failed',
      failureReason: 'provider_error',
      message: 'Bank error',
    });
    const noFunds = await statusAfter([
      { status: 'CANCELLED', statusMessage: 'Insufficient funds on the account' },
    ]);
    expect(noFunds).toEqual({
      status: 'failed',
      failureReason: 'insufficient_funds',
      message: 'Insufficient funds on the account',
    });
  });

  it('reads several transfers: any paid one wins, a running one keeps it pending', async () => {
    expect(await statusAfter([{ status: 'CANCELLED' }, { status: 'SENT' }])).toEqual(succeeded);
    expect(await statusAfter([{ status: 'FAILED' }, { status: 'CREATED' }])).toEqual(pending);
    expect(
      await statusAfter([
        { status: 'FAILED', updated: 2 },
        { status: 'CANCELLED', updated: 1 },
      ]),
    ).toMatchObject({ status: 'failed' });
  });

  it('waits for a payer who has not started, then gives up after 30 minutes', async () => {
    const { externalId } = await adapter.initiate(invoicePayment);
    const startedAt = clock.now();
    expect(await adapter.getStatus({ externalId, startedAt })).toEqual(pending);
    clock.advanceSeconds(30 * 60);
    expect(await adapter.getStatus({ externalId, startedAt })).toMatchObject({
      status: 'failed',
      failureReason: 'expired',
    });
  });

  it('answers a payment request Tink does not know as failed', async () => {
    expect(
      await adapter.getStatus({ externalId: 'no-such-request', startedAt: clock.now() }),
    ).toMatchObject({ status: 'failed', failureReason: 'provider_error' });
  });

  it('renews a token that Tink stopped accepting, once', async () => {
    await adapter.initiate(invoicePayment);
    tink.revokeTokens();
    await adapter.initiate(invoicePayment);
    expect(tink.tokenRequests).toHaveLength(2);
    expect(tink.paymentRequests).toHaveLength(2);
  });

  it('turns every failure to talk to Tink into 502 PAYMENT_PROVIDER_UNAVAILABLE', async () => {
    tink.failNext(503);
    expect(await failureOf(adapter.initiate(invoicePayment))).toMatchObject(unavailable);
    tink.failNext(500, '<html>Bad gateway</html>');
    expect(await failureOf(adapter.initiate(invoicePayment))).toMatchObject(unavailable);
    tink.failNext(400, '{"errorCode":"invalid_request","errorMessage":"market"}');
    expect(await failureOf(adapter.initiate(invoicePayment))).toMatchObject(unavailable);
    tink.failNext(200, 'not json');
    expect(await failureOf(adapter.initiate(invoicePayment))).toMatchObject(unavailable);
    const { externalId } = await adapter.initiate(invoicePayment);
    tink.failNext(502);
    expect(
      await failureOf(adapter.getStatus({ externalId, startedAt: clock.now() })),
    ).toMatchObject(unavailable);
    tink.failNext(200, '{"unexpected":true}');
    expect(
      await failureOf(adapter.getStatus({ externalId, startedAt: clock.now() })),
    ).toMatchObject(unavailable);
    expect(warnings.length).toBeGreaterThanOrEqual(6);
  });

  it('refuses to work with wrong credentials (502, no payment request)', async () => {
    const wrong = newAdapter({ clientSecret: 'wrong' });
    expect(await failureOf(wrong.initiate(invoicePayment))).toMatchObject(unavailable);
    expect(tink.paymentRequests).toHaveLength(0);
  });

  it('gives up on a Tink that does not answer', async () => {
    const impatient = newAdapter({}, 200);
    tink.hang(true);
    expect(await failureOf(impatient.initiate(invoicePayment))).toMatchObject(unavailable);
  });

  it('fails fast when nothing listens at the API address', async () => {
    const nowhere = newAdapter({ apiUrl: 'http://127.0.0.1:9' });
    expect(await failureOf(nowhere.initiate(invoicePayment))).toMatchObject(unavailable);
  });
});
