import type { Page } from '@playwright/test';
import { expect, logIn, test } from './support/fixtures.ts';
import { scanWithoutHover, screenshot } from './support/page-checks.ts';
import {
  createProvider,
  deliverLetter,
  makePdf,
  startWebhookReceiver,
  uniqueWord,
} from './support/provider.ts';

function isoDay(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

/** What a person sees: the page's own background, dark or light (by its luminance). */
async function pageShade(page: Page): Promise<'dark' | 'light'> {
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const [red = 0, green = 0, blue = 0] = (background.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue < 128 ? 'dark' : 'light';
}

const scheme = (page: Page) =>
  page.evaluate(() => document.documentElement.dataset.mantineColorScheme);

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

async function expectDarkPage(page: Page, heading: string | RegExp, shot?: string) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  expect(await pageShade(page)).toBe('dark');
  await scanWithoutHover(page);
  if (shot !== undefined) await screenshot(page, `dark/${shot}`);
}

test('with the system set to dark, every main page is dark and readable', async ({
  page,
  user,
}) => {
  test.setTimeout(600_000);
  await page.emulateMedia({ colorScheme: 'dark' });
  const receiver = await startWebhookReceiver();
  try {
    const provider = await createProvider(`Stadtwerke Dark ${uniqueWord()}`, receiver.url);
    const word = uniqueWord();
    const invoiceSubject = `Electricity bill ${word}`;
    const invoice = (amount: number, dueInDays: number) => ({
      amount,
      currency: 'EUR',
      due_date: isoDay(dueInDays),
      iban: 'DE89370400440532013000',
      reference: `RF-${uniqueWord().toUpperCase()}`,
    });
    const invoiceId = await deliverLetter(provider, {
      recipientEmail: user.email,
      subject: invoiceSubject,
      body: 'Dear customer,\nplease find your invoice attached.',
      kind: 'invoice',
      invoice: invoice(8450, 14),
      pdf: await makePdf([['Invoice', invoiceSubject, 'Amount due: 84.50 EUR']]),
      filename: 'invoice.pdf',
    });
    await deliverLetter(provider, {
      recipientEmail: user.email,
      subject: `Water bill ${word}`,
      kind: 'invoice',
      invoice: invoice(2300, -5),
      pdf: await makePdf([['Water bill']]),
    });
    await deliverLetter(provider, {
      recipientEmail: user.email,
      subject: `Your new tariff ${word}`,
      body: 'Dear customer,\nyour tariff changes on 1 July.',
      pdf: await makePdf([['Tariff']]),
    });

    await page.goto('/login');
    expect(await scheme(page)).toBe('dark');
    await expectDarkPage(page, 'Log in to Kuvert', 'login');

    await logIn(page, user);
    await expectDarkPage(page, 'Home', 'home');

    await mainNav(page).getByRole('link', { name: 'Inbox', exact: true }).click();
    await expect(page.getByRole('link', { name: new RegExp(invoiceSubject) })).toBeVisible();
    await expectDarkPage(page, 'Inbox', 'inbox');

    // A letter with an invoice and its PDF: the page stays white paper on a dark desk.
    await page.getByRole('link', { name: new RegExp(invoiceSubject) }).click();
    await expect(page).toHaveURL(new RegExp(invoiceId));
    await expect(page.getByRole('img', { name: /Page 1 of 1 of invoice\.pdf/ })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByTestId('invoice-panel')).toBeVisible();
    await expectDarkPage(page, invoiceSubject, 'letter-invoice');

    await page.goto('/open-invoices');
    await expect(page.getByText(`Water bill ${word}`)).toBeVisible();
    await expectDarkPage(page, 'Open invoices', 'open-invoices');

    await page.goto('/folders');
    await page.getByRole('link', { name: 'New folder' }).first().click();
    await page.getByLabel('Folder name').fill(`Energy ${word}`);
    await page.getByRole('button', { name: 'Create folder' }).click();
    await expect(page.getByRole('link', { name: `Energy ${word}` }).first()).toBeVisible();
    await mainNav(page).getByRole('link', { name: 'Folders', exact: true }).click();
    await expectDarkPage(page, 'Folders', 'folders');

    await page.goto('/profile');
    await expectDarkPage(page, 'Profile', 'profile');

    await page.goto('/trash');
    await expectDarkPage(page, 'Trash');

    await mainNav(page).getByRole('link', { name: 'Inbox', exact: true }).click();
    const searchBox = page.getByRole('searchbox', { name: 'Search letters' });
    await searchBox.fill(word);
    await searchBox.press('Enter');
    await expect(page.getByText(`3 letters found for “${word}”`)).toBeVisible();
    await expectDarkPage(page, 'Inbox', 'search');

    await page.goto('/no/such/page');
    await expectDarkPage(page, 'Page not found');
  } finally {
    await receiver.close();
  }
});

test('the switch overrides the system, is remembered and applies before the app runs', async ({
  page,
  user,
}) => {
  test.setTimeout(180_000);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in to Kuvert' })).toBeVisible();
  expect(await pageShade(page)).toBe('dark');

  // On the login page: light, though the system is dark.
  const appearance = page.getByRole('combobox', { name: 'Appearance' });
  await expect(appearance).toHaveValue('auto');
  await appearance.selectOption({ label: 'Light' });
  await expect.poll(() => pageShade(page)).toBe('light');
  await scanWithoutHover(page);

  // Remembered: after a reload, and even before the app's code runs (no dark flash).
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.reload();
  expect(await scheme(page)).toBe('light');
  expect(await pageShade(page)).toBe('light');
  await page.unroute('**/assets/*.js');
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Appearance' })).toHaveValue('light');

  // In the portal, from the user menu: dark, though the system is now light.
  await page.emulateMedia({ colorScheme: 'light' });
  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  expect(await pageShade(page)).toBe('light');
  await page.getByRole('button', { name: /account menu/i }).click();
  await expect(page.getByRole('menuitem', { name: 'Light' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await page.getByRole('menuitem', { name: 'Dark' }).click();
  await expect.poll(() => pageShade(page)).toBe('dark');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  expect(await pageShade(page)).toBe('dark');
  await screenshot(page, 'dark/home-by-switch');

  // Back to following the system, which then changes while the page is open.
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'System' }).click();
  await expect.poll(() => pageShade(page)).toBe('light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => pageShade(page)).toBe('dark');
});

test('the sandbox bank follows the system scheme too', async ({ page, user }) => {
  test.setTimeout(180_000);
  await page.emulateMedia({ colorScheme: 'dark' });
  const receiver = await startWebhookReceiver();
  try {
    const provider = await createProvider(`Stadtwerke Bank ${uniqueWord()}`, receiver.url);
    const subject = `Gas bill ${uniqueWord()}`;
    const letterId = await deliverLetter(provider, {
      recipientEmail: user.email,
      subject,
      kind: 'invoice',
      invoice: {
        amount: 4200,
        currency: 'EUR',
        due_date: isoDay(10),
        iban: 'DE89370400440532013000',
        reference: `RF-${uniqueWord().toUpperCase()}`,
      },
      pdf: await makePdf([['Gas bill']]),
    });
    await logIn(page, user, `/login?redirect=/inbox/${letterId}`);
    await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    await page.getByTestId('invoice-panel').getByRole('button', { name: 'Pay €42.00' }).click();
    await expect(page).toHaveURL(/\/sandbox-bank\/payments\//, { timeout: 15_000 });
    await expect(page.getByRole('heading', { name: /Sandbox Bank/ })).toBeVisible();
    expect(await pageShade(page)).toBe('dark');
    await scanWithoutHover(page);
    await screenshot(page, 'dark/sandbox-bank');
  } finally {
    await receiver.close();
  }
});
