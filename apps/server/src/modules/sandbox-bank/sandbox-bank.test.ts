import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { bankPaymentPath, createBankPayment, getBankPayment } from './sandbox-bank.service.ts';

const RETURN_URL = 'http://localhost:3000/invoice-tink?payment_id=pay-1';
const SAME_ORIGIN = { origin: 'http://localhost:3000' };

describe.each(testEngines)('the sandbox bank (%s)', (engine) => {
  let t: TestApp;

  async function newBankPayment(creditorName = 'Stadtwerke Musterstadt'): Promise<string> {
    const { id } = await createBankPayment(t.app, {
      amount: 123456,
      currency: 'EUR',
      creditorName,
      iban: 'DE89370400440532013000',
      reference: 'RF18 5390 0754 7034',
      returnUrl: RETURN_URL,
    });
    return id;
  }

  function decide(
    id: string,
    decision: string,
    headers: Record<string, string> = SAME_ORIGIN,
  ): Promise<LightMyRequestResponse> {
    return t.app.inject({
      method: 'POST',
      url: bankPaymentPath(id, 'en'),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: `decision=${decision}`,
    });
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => t.close());

  it('shows a clearly labelled test-mode consent page', async () => {
    const id = await newBankPayment();
    expect(id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const page = await t.app.inject({ url: bankPaymentPath(id, 'en') });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const html = page.body;
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<h1[^>]*>.*Sandbox Bank<\/h1>/);
    expect(html).toContain('Test mode — no money moves.');
    expect(html).toContain('Stadtwerke Musterstadt');
    expect(html).toContain('DE89 3704 0044 0532 0130 00');
    expect(html).toContain('€1,234.56');
    expect(html).toContain('RF18 5390 0754 7034');
    expect(html).toContain('This request expires in 30 minutes.');
    for (const label of ['Approve payment', 'Decline payment', 'Cancel and return to Kuvert']) {
      expect(html).toContain(`>${label}</button>`);
    }
    expect(html).toMatch(/<main[\s>]/);
    expect(html).toContain('<link rel="stylesheet" href="/sandbox-bank/bank.css">');
    // Nothing the CSP would block: no script at all, no inline style.
    expect(html).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i);

    const css = await t.app.inject({ url: '/sandbox-bank/bank.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.body).toContain('.test-banner');
  });

  it('speaks German when asked, and escapes what it shows', async () => {
    const id = await newBankPayment('Müller <script>alert(1)</script> & Söhne');
    const page = await t.app.inject({ url: bankPaymentPath(id, 'de') });
    expect(page.body).toContain('<html lang="de">');
    expect(page.body).toContain('Testmodus — es wird kein Geld bewegt.');
    expect(page.body).toContain('1.234,56\u00a0€');
    expect(page.body).toContain('Müller &lt;script&gt;alert(1)&lt;/script&gt; &amp; Söhne');
    expect(page.body).not.toContain('<script>');
  });

  it('speaks Swedish, Danish and Norwegian, by the link or else by the browser', async () => {
    const id = await newBankPayment('Nordbank AB');
    const swedish = await t.app.inject({ url: bankPaymentPath(id, 'sv') });
    expect(swedish.body).toContain('<html lang="sv">');
    expect(swedish.body).toContain('Godkänn betalningen');
    const path = `/sandbox-bank/payments/${encodeURIComponent(id)}`;
    const danish = await t.app.inject({
      url: path,
      headers: { 'accept-language': 'da-DK,en;q=0.5' },
    });
    expect(danish.body).toContain('<html lang="da">');
    expect(danish.body).toContain('Godkend betalingen');
    // Nynorsk and plain Norwegian read as Bokmål.
    for (const lang of ['nn', 'no']) {
      const norwegian = await t.app.inject({ url: `${path}?lang=${lang}` });
      expect(norwegian.body).toContain('<html lang="nb">');
      expect(norwegian.body).toContain('Godkjenn betalingen');
    }
  });

  it('answers unknown payments and other bank paths with its own 404 page', async () => {
    for (const url of [
      '/sandbox-bank/payments/unknown-payment-id',
      '/sandbox-bank/payments/unknown-payment-id?lang=de',
      '/sandbox-bank/elsewhere',
    ]) {
      const response = await t.app.inject({ url });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
      expect(response.body).toContain('Sandbox Bank');
    }
    const decision = await decide('unknown-payment-id', 'approve');
    expect(decision.statusCode).toBe(404);
  });

  it('returns to Kuvert after each decision, with nothing added to the URL', async () => {
    for (const [decision, status] of [
      ['approve', 'approved'],
      ['decline', 'declined'],
      ['abandon', 'abandoned'],
    ] as const) {
      const id = await newBankPayment();
      const response = await decide(id, decision);
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(RETURN_URL);
      expect((await getBankPayment(t.app, id))?.status).toBe(status);
    }
  });

  it('never lets a decided payment be decided again', async () => {
    const id = await newBankPayment();
    expect((await decide(id, 'approve')).statusCode).toBe(303);
    const second = await decide(id, 'decline');
    expect(second.statusCode).toBe(409);
    expect(second.body).toContain('You already approved this payment.');
    expect(second.body).toContain(`href="${RETURN_URL.replace('&', '&amp;')}"`);
    expect((await getBankPayment(t.app, id))?.status).toBe('approved');
    const page = await t.app.inject({ url: bankPaymentPath(id, 'en') });
    expect(page.body).not.toContain('<form');
  });

  it('expires after 30 minutes without a decision', async () => {
    const id = await newBankPayment();
    t.clock.advanceSeconds(30 * 60 + 1);
    expect((await getBankPayment(t.app, id))?.status).toBe('expired');
    const late = await decide(id, 'approve');
    expect(late.statusCode).toBe(409);
    expect(late.body).toContain('This payment request has expired.');
    expect((await getBankPayment(t.app, id))?.status).toBe('expired');
  });

  it('takes decisions only from its own page', async () => {
    const id = await newBankPayment();
    const noOrigin = await decide(id, 'approve', {});
    const foreign = await decide(id, 'approve', { origin: 'https://evil.example' });
    const crossSite = await decide(id, 'approve', { 'sec-fetch-site': 'cross-site' });
    for (const response of [noOrigin, foreign, crossSite]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('ORIGIN_REJECTED');
    }
    expect((await getBankPayment(t.app, id))?.status).toBe('pending');
    const invalid = await decide(id, 'pay-twice');
    expect(invalid.statusCode).toBe(400);
    const sameSite = await decide(id, 'approve', { 'sec-fetch-site': 'same-origin' });
    expect(sameSite.statusCode).toBe(303);
  });

  it('only sends payers back to Kuvert', async () => {
    await expect(
      createBankPayment(t.app, {
        amount: 100,
        currency: 'EUR',
        creditorName: 'X',
        iban: 'DE89370400440532013000',
        reference: 'R',
        returnUrl: 'https://evil.example/steal',
      }),
    ).rejects.toThrow(/returns only to Kuvert/);
  });
});
