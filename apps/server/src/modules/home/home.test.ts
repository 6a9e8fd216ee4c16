import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLoggedInUser } from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { dayFromToday } from '../../test/invoices.ts';
import {
  VALID_IBAN,
  createTestProvider,
  deliverTestLetter,
  personalAccountOf,
} from '../../test/mailbox.ts';

const invoice = (amount: number, currency: string, due: string) => ({
  kind: 'invoice',
  invoice: { amount, currency, due_date: due, iban: VALID_IBAN, reference: 'R' },
});

describe.each(testEngines)('home (%s)', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());

  it('counts unread letters, open invoices per currency and signature requests', async () => {
    const me = await createLoggedInUser(t.app);
    const stranger = await createLoggedInUser(t.app);
    const { apiKey } = await createTestProvider(t.app);
    const first = await deliverTestLetter(
      t.app,
      apiKey,
      me.email,
      invoice(1000, 'EUR', '2026-03-01'),
    );
    await deliverTestLetter(t.app, apiKey, me.email, invoice(2500, 'EUR', '2026-02-01'));
    await deliverTestLetter(t.app, apiKey, me.email, invoice(700, 'CHF', '2026-04-01'));
    await deliverTestLetter(t.app, apiKey, me.email, {
      kind: 'signature_request',
      signature: { due_date: dayFromToday(t.app, 30) },
    });
    await deliverTestLetter(t.app, apiKey, stranger.email, invoice(99_999, 'EUR', '2025-01-01'));
    await t.app.inject({ method: 'POST', url: `/api/letters/${first}/read`, headers: me.headers });

    const response = await t.app.inject({
      url: `/api/home?account_id=${personalAccountOf(me)}`,
      headers: { cookie: me.cookie },
    });
    expect(response.statusCode).toBe(200);
    const home = response.json();
    expect(home).toMatchObject({
      unread_letters: 3,
      open_invoices: {
        count: 3,
        totals: [
          { amount: 700, currency: 'CHF' },
          { amount: 3500, currency: 'EUR' },
        ],
        next_due_date: '2026-02-01',
      },
      open_signature_requests: 1,
    });
    expect(home.recent_letters).toHaveLength(4);
  });
});
