import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_BASE_URL } from './support/environment.ts';
import { expect, logIn, test } from './support/fixtures.ts';
import {
  NO_WEBHOOK,
  createProvider,
  deliverLetter,
  makePdf,
  senderApi,
  startWebhookReceiver,
  type TestProvider,
  uniqueWord,
  verifyWebhookSignature,
} from './support/provider.ts';
import { scanWithoutHover, screenshot } from './support/page-checks.ts';
import { addAccountMember } from './support/signatures.ts';
import { createInvitedUser } from './support/users.ts';
import { journeyLanguages } from './support/journey-languages.ts';

const IBAN = 'DE89370400440532013000';
const IBAN_GROUPED = 'DE89 3704 0044 0532 0130 00';

function isoDay(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

async function deliverInvoice(
  provider: TestProvider,
  recipientEmail: string,
  subject: string,
  amount: number,
  dueInDays: number,
): Promise<string> {
  return deliverLetter(provider, {
    recipientEmail,
    subject,
    body: 'Dear customer,\nplease find your invoice attached.',
    kind: 'invoice',
    invoice: {
      amount,
      currency: 'EUR',
      due_date: isoDay(dueInDays),
      iban: IBAN,
      reference: `RF-${uniqueWord().toUpperCase()}`,
    },
    pdf: await makePdf([['Invoice', subject]]),
    filename: 'invoice.pdf',
  });
}

const notification = (page: Page, type: string) =>
  page.locator(`[data-notification-type="${type}"]`);

interface PaymentView {
  id: string;
  letter_id: string;
  status: string;
  failure_reason: string | null;
  redirect_url: string | null;
}
interface InvoiceView {
  status: string;
  active_payment: PaymentView | null;
  last_payment: PaymentView | null;
}
interface SenderLetterStatus {
  invoice: { status: string; paid_via: string | null } | null;
}

/** The portal API as the logged-in browser calls it (its cookie, no bank in between). */
async function portalGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  const body: T = await response.json();
  return body;
}

async function storedPaymentIds(page: Page): Promise<string[]> {
  const raw = await page.evaluate(() => localStorage.getItem('kuvert.paymentIds'));
  if (raw === null) return [];
  const ids: string[] = JSON.parse(raw);
  return ids;
}

async function expectOnBankPage(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/sandbox-bank\/payments\//, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: /Sandbox Bank/ })).toBeVisible();
  await expect(page.getByText(/Test mode/).first()).toBeVisible();
}

test('an invoice is paid at the bank and the provider is told, signed', async ({ page, user }) => {
  test.setTimeout(240_000);
  const receiver = await startWebhookReceiver();
  try {
    const provider = await createProvider(`Stadtwerke Pay ${uniqueWord()}`, receiver.url);
    const subject = `Electricity invoice ${uniqueWord()}`;
    const letterId = await deliverInvoice(provider, user.email, subject, 12_345, 14);

    await logIn(page, user);
    const cards = page.getByRole('region', { name: 'Needs your attention' });
    await expect(cards.getByRole('link', { name: /Open invoice/ })).toContainText('€123.45');
    await expect(cards.getByRole('link', { name: /Open invoice/ })).toContainText('next due');

    // Nothing is waiting on this device yet: the return page says so and leads on.
    await page.goto('/invoice-tink');
    await expect(page.getByRole('heading', { name: 'No payment to confirm' })).toBeVisible();
    await scanWithoutHover(page);

    await page.goto('/');
    await cards.getByRole('link', { name: /Open invoice/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Open invoices' })).toBeVisible();
    await expect(page.getByTestId('invoice-totals')).toContainText('€123.45');
    const row = page.locator(`[data-invoice-id="${letterId}"]`);
    await expect(row).toContainText(provider.name);
    await expect(row).toContainText('Due');
    await scanWithoutHover(page);
    await screenshot(page, 'invoices-open-invoices');

    // The letter shows the invoice: amount, IBAN in fours, reference, GiroCode, Pay.
    await row.getByRole('link', { name: subject }).click();
    await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    const panel = page.getByRole('region', { name: 'Invoice', exact: true });
    await expect(panel.getByTestId('invoice-iban')).toHaveText(IBAN_GROUPED);
    await expect(panel.getByText('€123.45').first()).toBeVisible();
    const qr = panel.getByRole('img', { name: /QR code for paying €123\.45/ });
    await expect(qr).toBeVisible();
    await expect
      .poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    await expect(panel.getByText('Scan with your banking app (GiroCode)')).toBeVisible();
    await scanWithoutHover(page);
    await screenshot(page, 'invoices-letter-panel-open', panel);

    await panel.getByRole('button', { name: 'Pay €123.45' }).click();
    await expectOnBankPage(page);
    const [paymentId] = await storedPaymentIds(page);
    expect(paymentId).toBeDefined();
    await page.getByRole('button', { name: 'Approve payment' }).click();

    // Back at Kuvert: the server asked the bank; the page shows the outcome it learnt.
    await expect(page).toHaveURL(/\/invoice-tink/);
    await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByText(`€123.45 to ${provider.name} has been paid.`)).toBeVisible();
    await expect(
      notification(page, 'positive').filter({ hasText: `€123.45 to ${provider.name} paid.` }),
    ).toBeVisible();
    expect(await storedPaymentIds(page)).toEqual([]);
    await scanWithoutHover(page);
    await screenshot(page, 'invoices-invoice-tink-paid');

    const payment = await portalGet<PaymentView>(page.request, `/api/payments/${paymentId}`);
    expect(payment.status).toBe('succeeded');
    const status = await senderApi<SenderLetterStatus>(provider, `/letters/${letterId}`);
    expect(status.invoice?.status).toBe('paid');
    expect(status.invoice?.paid_via).toBe('kuvert');
    await expect
      .poll(() => receiver.received.map((webhook) => JSON.parse(webhook.body).type), {
        timeout: 20_000,
      })
      .toContain('invoice.paid');
    const paid = receiver.received.find(
      (webhook) => JSON.parse(webhook.body).type === 'invoice.paid',
    );
    expect(paid && verifyWebhookSignature(paid, provider.webhookSecret)).toBe(true);
    expect(JSON.parse(paid?.body ?? '{}').data).toMatchObject({
      letter_id: letterId,
      amount: 12_345,
      currency: 'EUR',
      paid_via: 'kuvert',
    });

    // The letter says so, and nothing is left to pay.
    await page.getByRole('link', { name: 'View invoice' }).click();
    await expect(panel.getByText(/^Paid on /)).toBeVisible();
    await expect(panel.getByText('You paid it through Kuvert.')).toBeVisible();
    await expect(panel.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
    await screenshot(page, 'invoices-letter-panel-paid', panel);
    await page.goto('/open-invoices');
    await expect(page.getByRole('heading', { name: 'Nothing to pay' })).toBeVisible();
    // The Paid tab lists it, newest payment first, and keeps the choice in the URL.
    await page.getByRole('tab', { name: 'Paid' }).click();
    await expect(page).toHaveURL(/\/open-invoices\?view=paid$/);
    await expect(page.getByRole('tab', { name: 'Paid' })).toHaveAttribute('aria-selected', 'true');
    const paidRow = page.locator(`[data-invoice-id="${letterId}"]`);
    await expect(paidRow).toContainText(/Paid on /);
    await expect(paidRow).toContainText('You paid it through Kuvert.');
    await expect(paidRow.getByRole('link', { name: subject })).toBeVisible();
    const paidTotals = page.getByTestId('invoice-totals');
    await expect(paidTotals.getByText('Paid', { exact: true })).toBeVisible();
    await expect(paidTotals).toContainText('€123.45');
    await scanWithoutHover(page);
    await screenshot(page, 'invoices-paid');
    await page.goto('/inbox');
    await expect(page.locator(`[data-letter-id="${letterId}"]`)).toContainText('€123.45 · paid');
    await scanWithoutHover(page);
  } finally {
    await receiver.close();
  }
});

test('a declined payment says why and offers to pay again; a tampered return URL changes nothing', async ({
  page,
  user,
}) => {
  test.setTimeout(240_000);
  const receiver = await startWebhookReceiver();
  try {
    const provider = await createProvider(`Hausverwaltung Pay ${uniqueWord()}`, receiver.url);
    const subject = `Service charges ${uniqueWord()}`;
    const letterId = await deliverInvoice(provider, user.email, subject, 48_000, -3);

    await logIn(page, user, '/login?redirect=/inbox');
    await expect(page.locator(`[data-letter-id="${letterId}"]`)).toContainText(
      '€480.00 · overdue since',
    );
    await scanWithoutHover(page);
    await page.goto('/open-invoices');
    const row = page.locator(`[data-invoice-id="${letterId}"]`);
    await expect(row).toHaveAttribute('data-overdue', 'true');
    await expect(row).toContainText('Overdue since');
    await screenshot(page, 'invoices-open-invoices-overdue');
    await row.getByRole('button', { name: `Pay: ${subject}` }).click();
    await expectOnBankPage(page);
    const [paymentId] = await storedPaymentIds(page);
    expect(paymentId).toBeDefined();
    const bankUrl = page.url();

    // A forged "success" in the return URL while the bank has not decided: nothing changes.
    await page.goto(`/invoice-tink?payment_id=${paymentId}&status=succeeded&paid=true`);
    await expect(
      page.getByRole('heading', { name: 'Confirming your payment with the bank…' }),
    ).toBeVisible();
    await expect(notification(page, 'ongoing')).toContainText(
      'Confirming your payment with the bank…',
    );
    await page.waitForTimeout(5000);
    await expect(page.getByRole('heading', { name: 'Payment successful' })).toHaveCount(0);
    const stillPending = await portalGet<PaymentView>(page.request, `/api/payments/${paymentId}`);
    expect(stillPending.status).toBe('pending');
    const untouched = await senderApi<SenderLetterStatus>(provider, `/letters/${letterId}`);
    expect(untouched.invoice?.status).not.toBe('paid');
    await screenshot(page, 'invoices-invoice-tink-confirming');

    // The letter offers to continue the running payment instead of a second one.
    await page.goto(`/inbox/${letterId}`);
    const panel = page.getByRole('region', { name: 'Invoice', exact: true });
    await expect(panel.getByText('Payment in progress').first()).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Continue at your bank' })).toBeVisible();
    await expect(panel.getByText(/^Overdue since /)).toBeVisible();
    await scanWithoutHover(page);

    await page.goto(bankUrl);
    await page.getByRole('button', { name: 'Decline payment' }).click();
    await expect(page.getByRole('heading', { name: 'Payment not completed' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByText('Your bank declined the payment.').first()).toBeVisible();
    await expect(
      notification(page, 'negative').filter({ hasText: 'Your bank declined the payment.' }),
    ).toBeVisible();
    expect(await storedPaymentIds(page)).toEqual([]);
    const declined = await portalGet<PaymentView>(page.request, `/api/payments/${paymentId}`);
    expect(declined).toMatchObject({ status: 'failed', failure_reason: 'declined' });
    await scanWithoutHover(page);
    await screenshot(page, 'invoices-invoice-tink-declined');

    // The letter shows the failure and "Pay again", which starts a new payment.
    await page.getByRole('link', { name: 'View invoice' }).click();
    await expect(panel.getByText('The payment did not go through')).toBeVisible();
    await expect(panel.getByText('Your bank declined the payment.')).toBeVisible();
    await screenshot(page, 'invoices-letter-panel-failed', panel);
    await panel.getByRole('button', { name: 'Pay again' }).click();
    await expectOnBankPage(page);
    const [secondId] = await storedPaymentIds(page);
    expect(secondId).toBeDefined();
    expect(secondId).not.toBe(paymentId);
    await page.getByRole('button', { name: 'Cancel and return to Kuvert' }).click();
    await expect(page.getByRole('heading', { name: 'Payment not completed' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByText('You cancelled the payment at your bank.').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay again' })).toBeVisible();
    const invoice = await portalGet<InvoiceView>(page.request, `/api/invoices/${letterId}`);
    expect(invoice.status).not.toBe('paid');
    expect(receiver.received.map((webhook) => JSON.parse(webhook.body).type)).not.toContain(
      'invoice.paid',
    );
  } finally {
    await receiver.close();
  }
});

test('a double click on Pay starts exactly one payment', async ({ page, user }) => {
  test.setTimeout(180_000);
  const receiver = await startWebhookReceiver();
  try {
    const provider = await createProvider(`Telekom Pay ${uniqueWord()}`, receiver.url);
    const subject = `Phone bill ${uniqueWord()}`;
    const letterId = await deliverInvoice(provider, user.email, subject, 2_999, 10);

    // Every start the browser sends: its idempotency key and the answer's status (201 created,
    // 200 the same payment again).
    const starts: Array<{ key: string | null; status: number }> = [];
    page.on('response', (response) => {
      const request = response.request();
      if (request.method() !== 'POST' || !request.url().endsWith(`/${letterId}/payments`)) return;
      starts.push({ key: request.headers()['idempotency-key'] ?? null, status: response.status() });
    });

    await logIn(page, user, '/login?redirect=/open-invoices');
    await page.getByRole('button', { name: `Pay: ${subject}` }).dblclick();
    await expectOnBankPage(page);

    expect(starts.length).toBeGreaterThanOrEqual(1);
    expect(new Set(starts.map((start) => start.key)).size).toBe(1);
    expect(starts.filter((start) => start.status === 201)).toHaveLength(1);
    expect(starts.every((start) => start.status === 201 || start.status === 200)).toBe(true);
    const stored = await storedPaymentIds(page);
    expect(stored).toHaveLength(1);
    const [paymentId] = stored;
    const invoice = await portalGet<InvoiceView>(page.request, `/api/invoices/${letterId}`);
    expect(invoice.active_payment?.id).toBe(paymentId);
    expect(invoice.last_payment?.id).toBe(paymentId);

    // Back from the bank into the hand-off (a reload, the Back button): the same payment is
    // offered again, never a second one.
    await page.goto(`/invoice-tink?invoice=${letterId}`);
    await expect(
      page.getByRole('heading', { name: 'Your payment is waiting at the bank' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continue at your bank' })).toBeVisible();
    expect(new Set(starts.map((start) => start.key)).size).toBe(1);
    expect(starts.filter((start) => start.status === 201)).toHaveLength(1);
    expect(await storedPaymentIds(page)).toEqual([paymentId]);
    const again = await portalGet<InvoiceView>(page.request, `/api/invoices/${letterId}`);
    expect(again.last_payment?.id).toBe(paymentId);
    await scanWithoutHover(page);
    await screenshot(page, 'invoices-invoice-tink-waiting');
  } finally {
    await receiver.close();
  }
});

test('an invoice paid elsewhere is marked paid, in German', async ({ page, user }) => {
  test.setTimeout(180_000);
  const receiver = await startWebhookReceiver();
  try {
    const provider = await createProvider(`Versicherung Pay ${uniqueWord()}`, receiver.url);
    const subject = `Beitragsrechnung ${uniqueWord()}`;
    const letterId = await deliverInvoice(provider, user.email, subject, 100_050, 20);

    await logIn(page, user, `/login?redirect=/inbox/${letterId}`);
    await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    await page.getByLabel('Language').selectOption('de');
    const panel = page.getByRole('region', { name: 'Rechnung', exact: true });
    await expect(panel.getByText('1.000,50 €').first()).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Bezahlen 1.000,50 €' })).toBeVisible();
    await screenshot(page, 'invoices-letter-panel-de', panel);
    await panel.getByRole('button', { name: 'Als bezahlt markieren' }).click();
    const dialog = page.getByRole('dialog', { name: 'Als bezahlt markieren' });
    await expect(dialog.getByLabel('Bezahlt am')).toHaveValue(
      // The browser's own today; Swedish dates happen to be written YYYY-MM-DD.
      await page.evaluate(() => new Date().toLocaleDateString('sv-SE')),
    );
    await scanWithoutHover(page);
    await screenshot(page, 'invoices-mark-paid-dialog-de');
    await dialog.getByLabel('Bezahlt am').fill(isoDay(5));
    await dialog.getByRole('button', { name: 'Als bezahlt markieren' }).click();
    await expect(dialog.getByText('Das Datum darf nicht in der Zukunft liegen.')).toBeVisible();
    await dialog.getByLabel('Bezahlt am').fill(isoDay(-2));
    await dialog.getByRole('button', { name: 'Als bezahlt markieren' }).click();
    await expect(
      notification(page, 'positive').filter({ hasText: 'Die Rechnung ist als bezahlt markiert.' }),
    ).toBeVisible();
    await expect(
      panel.getByText(
        'Sie haben diese Rechnung als bezahlt markiert: außerhalb von Kuvert bezahlt.',
      ),
    ).toBeVisible();
    await expect(panel.getByText(/^Bezahlt am /)).toBeVisible();

    const status = await senderApi<SenderLetterStatus>(provider, `/letters/${letterId}`);
    expect(status.invoice).toMatchObject({ status: 'paid', paid_via: 'elsewhere' });
    await expect
      .poll(() => receiver.received.map((webhook) => JSON.parse(webhook.body).type), {
        timeout: 20_000,
      })
      .toContain('invoice.paid');
  } finally {
    await receiver.close();
  }
});

test('an invoice the provider cancels shows who cancelled it and cannot be paid', async ({
  page,
  user,
}) => {
  const receiver = await startWebhookReceiver();
  try {
    const provider = await createProvider(`Verein Pay ${uniqueWord()}`, receiver.url);
    const subject = `Membership fee ${uniqueWord()}`;
    const letterId = await deliverInvoice(provider, user.email, subject, 6_000, 30);
    const response = await fetch(
      `${E2E_BASE_URL}/api/sender/v1/letters/${letterId}/cancel-invoice`,
      { method: 'POST', headers: { authorization: `Bearer ${provider.apiKey}` } },
    );
    expect(response.ok).toBe(true);

    await logIn(page, user, `/login?redirect=/inbox/${letterId}`);
    const panel = page.getByRole('region', { name: 'Invoice', exact: true });
    await expect(panel.getByText(`Cancelled by ${provider.name}`)).toBeVisible();
    await expect(panel.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
    await expect(panel.getByRole('button', { name: 'Mark as paid' })).toHaveCount(0);
    await expect(panel.getByRole('img', { name: /QR code/ })).toHaveCount(0);
    // Nothing is owed: no account number or reference offered to copy.
    await expect(panel.getByRole('button', { name: /^Copy/ })).toHaveCount(0);
    await expect(panel.getByText('IBAN')).toHaveCount(0);
    await scanWithoutHover(page);
    await page.goto('/open-invoices');
    await expect(page.getByRole('heading', { name: 'Nothing to pay' })).toBeVisible();
    await scanWithoutHover(page);
  } finally {
    await receiver.close();
  }
});

test('auf Deutsch: eine stornierte Rechnung zeigt keine Bankverbindung mehr', async ({
  page,
  user,
}) => {
  const receiver = await startWebhookReceiver();
  try {
    const provider = await createProvider(`Stadtwerke ${uniqueWord()}`, receiver.url);
    const letterId = await deliverInvoice(
      provider,
      user.email,
      `Abschlag ${uniqueWord()}`,
      4_200,
      14,
    );
    const response = await fetch(
      `${E2E_BASE_URL}/api/sender/v1/letters/${letterId}/cancel-invoice`,
      { method: 'POST', headers: { authorization: `Bearer ${provider.apiKey}` } },
    );
    expect(response.ok).toBe(true);

    await logIn(page, user);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    const saved = page.waitForResponse(
      (answer) => answer.url().endsWith('/api/profile') && answer.request().method() === 'PATCH',
    );
    await page.getByRole('banner').getByLabel('Language').selectOption('de');
    expect((await saved).status()).toBe(200);
    await page.goto(`/inbox/${letterId}`);
    const panel = page.getByRole('region', { name: 'Rechnung', exact: true });
    await expect(panel.getByText(`Storniert von ${provider.name}`)).toBeVisible();
    await expect(panel.getByRole('button', { name: /kopieren$/ })).toHaveCount(0);
    await expect(panel.getByText('IBAN')).toHaveCount(0);
    await expect(panel.getByRole('button', { name: 'Als bezahlt markieren' })).toHaveCount(0);
    await scanWithoutHover(page);
  } finally {
    await receiver.close();
  }
});

for (const language of journeyLanguages) {
  const texts = {
    en: {
      markPaid: 'Mark as paid',
      done: 'The invoice is marked as paid.',
      empty: 'Nothing to pay',
    },
    de: {
      markPaid: 'Als bezahlt markieren',
      done: 'Die Rechnung ist als bezahlt markiert.',
      empty: 'Nichts zu bezahlen',
    },
  }[language];

  test(`[${language}] an invoice is marked as paid from the list of open invoices`, async ({
    page,
    user,
  }) => {
    const provider = await createProvider(`Hausverwaltung ${uniqueWord()}`, 'http://127.0.0.1:9/h');
    const subject = `Nebenkosten ${uniqueWord()}`;
    const letterId = await deliverInvoice(provider, user.email, subject, 8_900, 10);
    await logIn(page, user);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    if (language === 'de') {
      const saved = page.waitForResponse(
        (answer) => answer.url().endsWith('/api/profile') && answer.request().method() === 'PATCH',
      );
      await page.getByRole('banner').getByLabel('Language').selectOption('de');
      expect((await saved).status()).toBe(200);
    }
    await page.goto('/open-invoices');
    const row = page.locator(`[data-invoice-id="${letterId}"]`);
    await row.getByRole('button', { name: `${texts.markPaid}: ${subject}` }).click();
    const dialog = page.getByRole('dialog', { name: texts.markPaid });
    await scanWithoutHover(page);
    await dialog.getByRole('button', { name: texts.markPaid }).click();
    await expect(page.locator('[data-notification-type="positive"]')).toContainText(texts.done);
    await expect(row).toHaveCount(0);
    await expect(page.getByRole('heading', { name: texts.empty })).toBeVisible();
  });
}

test('in a shared mailbox, an invoice says who marked it paid: "You" only for oneself', async ({
  page,
  browser,
  user,
}) => {
  const member = await createInvitedUser('Ben');
  await addAccountMember(user.email, member.email, 'viewer');
  const provider = await createProvider(`Wasserwerk ${uniqueWord()}`, NO_WEBHOOK);
  const subject = `Wasser ${uniqueWord()}`;
  const letterId = await deliverInvoice(provider, user.email, subject, 3_300, 12);

  await logIn(page, user, `/login?redirect=/inbox/${letterId}`);
  const panel = page.getByRole('region', { name: 'Invoice', exact: true });
  await panel.getByRole('button', { name: 'Mark as paid' }).click();
  await page
    .getByRole('dialog', { name: 'Mark as paid' })
    .getByRole('button', { name: 'Mark as paid' })
    .click();
  await expect(
    panel.getByText('You marked this invoice as paid: paid outside Kuvert.'),
  ).toBeVisible();

  const other = await browser.newContext();
  try {
    const seen = await other.newPage();
    await logIn(seen, member, `/login?redirect=/inbox/${letterId}`);
    const shared = seen.getByRole('region', { name: 'Invoice', exact: true });
    await expect(
      shared.getByText(
        `${user.firstName} Mustermann marked this invoice as paid: paid outside Kuvert.`,
      ),
    ).toBeVisible();
    await expect(shared.getByText(/^You marked/)).toHaveCount(0);
    // The letter is in a mailbox Ben may only read: its actions say so, whatever he selected.
    await expect(seen.getByRole('button', { name: 'Trash' })).toBeDisabled();
    await scanWithoutHover(seen);
  } finally {
    await other.close();
  }
});
