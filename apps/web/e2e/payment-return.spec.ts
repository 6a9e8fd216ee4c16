import type { Browser, Page } from '@playwright/test';
import { expect, logIn, test } from './support/fixtures.ts';
import {
  createProvider,
  deliverLetter,
  makePdf,
  startWebhookReceiver,
  uniqueWord,
} from './support/provider.ts';
import { scanWithoutHover, screenshot } from './support/page-checks.ts';
import type { TestUser } from './support/users.ts';

const storedPaymentIds = async (page: Page): Promise<string[]> =>
  page.evaluate((): string[] => JSON.parse(localStorage.getItem('kuvert.paymentIds') ?? '[]'));

test('a payment started in one browser and approved in another is confirmed on return', async ({
  page,
  browser,
  user,
}) => {
  test.setTimeout(300_000);
  const receiver = await startWebhookReceiver();
  try {
    await payInTwoBrowsers(page, browser, user, receiver.url);
  } finally {
    await receiver.close();
  }
});

async function payInTwoBrowsers(
  page: Page,
  browser: Browser,
  user: TestUser,
  webhookUrl: string,
): Promise<void> {
  const provider = await createProvider(`Wasserwerk Pay ${uniqueWord()}`, webhookUrl);
  const subject = `Water invoice ${uniqueWord()}`;
  const dueDate = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const letterId = await deliverLetter(provider, {
    recipientEmail: user.email,
    subject,
    body: 'Dear customer,\nplease find your invoice attached.',
    kind: 'invoice',
    invoice: {
      amount: 6_780,
      currency: 'EUR',
      due_date: dueDate,
      iban: 'DE89370400440532013000',
      reference: `RF-${uniqueWord().toUpperCase()}`,
    },
    pdf: await makePdf([['Invoice', subject]]),
    filename: 'invoice.pdf',
  });

  // Browser A (the laptop) starts paying and is sent to the bank.
  await logIn(page, user, `/login?redirect=/inbox/${letterId}`);
  const panel = page.getByRole('region', { name: 'Invoice', exact: true });
  await panel.getByRole('button', { name: 'Pay €67.80' }).click();
  await expect(page).toHaveURL(/\/sandbox-bank\/payments\//, { timeout: 15_000 });
  const bankUrl = page.url();
  const [paymentId] = await storedPaymentIds(page);
  expect(paymentId).toBeDefined();

  // Browser A waits on the invoice, which says the payment is at the bank.
  await page.goto(`/inbox/${letterId}`);
  await expect(panel.getByText('Payment in progress').first()).toBeVisible();

  // Browser B (the phone) knows nothing of it: no stored payment, not even logged in.
  const phone = await browser.newContext();
  try {
    const other = await phone.newPage();
    await other.goto(bankUrl);
    await other.getByRole('button', { name: 'Approve payment' }).click();
    // Back at Kuvert, the login comes first and then leads back to the way back from the bank.
    await expect(other).toHaveURL(/\/login\?redirect=/);
    await logIn(other, user, other.url());
    await expect(other).toHaveURL(new RegExp(`/invoice-tink\\?payment_id=${paymentId}`));
    expect(await storedPaymentIds(other)).toEqual([]);
    await expect(other.getByRole('heading', { name: 'Payment successful' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(other.getByText(`€67.80 to ${provider.name} has been paid.`)).toBeVisible();
    await expect(
      other
        .locator('[data-notification-type="positive"]')
        .filter({ hasText: `€67.80 to ${provider.name} paid.` }),
    ).toBeVisible();
    await scanWithoutHover(other);
    await screenshot(other, 'pay/payment-return-paid-elsewhere');

    // Browser A learns it without anyone pressing "Check status".
    await expect(panel.getByText(/^Paid on /)).toBeVisible({ timeout: 15_000 });
    await expect(panel.getByText('Payment in progress')).toHaveCount(0);
    await expect(panel.getByRole('button', { name: /^Pay/ })).toHaveCount(0);

    // The invoice is paid in browser B too.
    await other.getByRole('link', { name: 'View invoice' }).click();
    const otherPanel = other.getByRole('region', { name: 'Invoice', exact: true });
    await expect(otherPanel.getByText(/^Paid on /)).toBeVisible();
    await expect(otherPanel.locator('[data-invoice-status="paid"]')).toHaveText('Paid');
    await screenshot(other, 'pay/payment-return-invoice-paid', otherPanel);

    // Back at Kuvert without any id: not a dead end, the open invoices are one click away.
    await other.goto('/invoice-tink');
    await expect(other.getByRole('heading', { name: 'No payment to confirm' })).toBeVisible();
    await expect(other.getByText(/choose “Check status” there/)).toBeVisible();
    await scanWithoutHover(other);
    await screenshot(other, 'pay/payment-return-nothing');
    await other.getByRole('link', { name: 'Go to open invoices' }).click();
    await expect(other.getByRole('heading', { level: 1, name: 'Open invoices' })).toBeVisible();

    // An id that is no payment of this user's: said so, with the way to the invoices.
    await other.goto('/invoice-tink?payment_id=0190a0b0-0000-7000-8000-000000000000');
    await expect(other.getByRole('heading', { name: 'Payment not found' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(other.getByRole('link', { name: 'Go to open invoices' })).toBeVisible();
    await scanWithoutHover(other);
  } finally {
    await phone.close();
  }
}
