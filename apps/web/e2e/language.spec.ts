import type { Page } from '@playwright/test';
import { expect, logIn, test } from './support/fixtures.ts';
import { scanWithoutHover, screenshot } from './support/page-checks.ts';
import {
  createProvider,
  deliverLetter,
  makePdf,
  NO_WEBHOOK,
  uniqueWord,
} from './support/provider.ts';
import { createInvitedUser } from './support/users.ts';

/** Issue 8: one language per person, whichever control changes it. */

/** The header's switch; it saves to the profile, so wait until the server has it. */
async function switchHeaderTo(page: Page, label: string, language: string): Promise<void> {
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/profile') && response.request().method() === 'PATCH',
  );
  await page.getByRole('banner').getByLabel(label).selectOption(language);
  expect((await saved).status()).toBe(200);
}

async function openProfile(page: Page, linkName: string): Promise<void> {
  await page.getByRole('navigation').getByRole('link', { name: linkName }).click();
}

test('in German the language stays German through a profile save and onto the bank page', async ({
  page,
  user,
}) => {
  test.setTimeout(180_000);
  const provider = await createProvider(`Stadtwerke Sprache ${uniqueWord()}`, NO_WEBHOOK);
  const subject = `Stromrechnung ${uniqueWord()}`;
  const letterId = await deliverLetter(provider, {
    recipientEmail: user.email,
    subject,
    body: 'Sehr geehrte Kundin,\nanbei Ihre Rechnung.',
    kind: 'invoice',
    invoice: {
      amount: 4_250,
      currency: 'EUR',
      due_date: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
      iban: 'DE89370400440532013000',
      reference: `RF-${uniqueWord().toUpperCase()}`,
    },
    pdf: await makePdf([['Rechnung', subject]]),
    filename: 'rechnung.pdf',
  });

  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await switchHeaderTo(page, 'Language', 'de');
  await expect(page.getByRole('heading', { level: 1, name: 'Start' })).toBeVisible();

  // The profile says what the header says.
  await openProfile(page, 'Profil');
  const details = page.getByRole('form', { name: 'Persönliche Angaben' });
  await expect(details.getByLabel('Sprache')).toHaveValue('de');
  await expect(details.getByLabel('Sprache').locator('option:checked')).toHaveText('Deutsch');
  await scanWithoutHover(page);
  await screenshot(page, 'lang/profile-after-header-switch-de');

  // Saving only the last name leaves the UI German.
  await details.getByLabel('Nachname').fill('Musterfrau');
  await details.getByRole('button', { name: 'Angaben speichern' }).click();
  await expect(page.locator('[data-notification-type="positive"]')).toContainText(
    'Ihre Angaben wurden gespeichert.',
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(details.getByLabel('Sprache')).toHaveValue('de');

  // A reload asks the server for the profile's language: still German, name kept.
  await page.reload();
  await expect(details.getByLabel('Nachname')).toHaveValue('Musterfrau');
  await expect(details.getByLabel('Sprache')).toHaveValue('de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  // The bank speaks German too.
  await page.goto(`/inbox/${letterId}`);
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  const panel = page.getByRole('region', { name: 'Rechnung', exact: true });
  await panel.getByRole('button', { name: 'Bezahlen 42,50 €' }).click();
  await expect(page).toHaveURL(/\/sandbox-bank\/payments\/.*lang=de/, { timeout: 15_000 });
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { name: 'Zahlung freigeben' })).toBeVisible();
  await expect(page.getByText('Testmodus — es wird kein Geld bewegt.')).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: '42,50 €' })).toBeVisible();
  await scanWithoutHover(page);
  await screenshot(page, 'lang/sandbox-bank-de');

  await page.getByRole('button', { name: 'Zahlung freigeben' }).click();
  await expect(page.getByRole('heading', { name: 'Zahlung erfolgreich' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
});

test('after logout and login on a fresh device the UI comes up in the profile’s German', async ({
  browser,
  page,
  user,
}) => {
  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await switchHeaderTo(page, 'Language', 'de');
  await page.getByRole('button', { name: /Kontomenü/ }).click();
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL('/login');
  // Logged out, this device keeps its choice.
  await expect(page.getByRole('heading', { level: 1, name: 'Bei Kuvert anmelden' })).toBeVisible();

  const fresh = await browser.newContext();
  try {
    const other = await fresh.newPage();
    await other.goto('/login');
    await expect(other.locator('html')).toHaveAttribute('lang', 'en');
    await logIn(other, user);
    await expect(other.getByRole('heading', { level: 1, name: 'Start' })).toBeVisible();
    await expect(other.locator('html')).toHaveAttribute('lang', 'de');
    await expect(other.getByRole('banner').getByLabel('Sprache')).toHaveValue('de');
    await scanWithoutHover(other);
    await screenshot(other, 'lang/home-after-fresh-login-de');
  } finally {
    await fresh.close();
  }
});

test('a language picked on the login page goes with the person into their profile', async ({
  page,
  user,
}) => {
  await page.goto('/login');
  await page.getByLabel('Language').selectOption('de');
  await expect(page.getByRole('heading', { level: 1, name: 'Bei Kuvert anmelden' })).toBeVisible();
  // The profile said English; the choice made a moment ago on the login page wins and is kept.
  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Start' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await openProfile(page, 'Profil');
  await expect(
    page.getByRole('form', { name: 'Persönliche Angaben' }).getByLabel('Sprache'),
  ).toHaveValue('de');
});

test('the next person on the device gets their own profile language', async ({ page, user }) => {
  // Someone switches to German while logged in (kept in their profile), then logs out.
  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await switchHeaderTo(page, 'Language', 'de');
  await page.getByRole('button', { name: /Kontomenü/ }).click();
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bei Kuvert anmelden' })).toBeVisible();
  // The next person's profile says English: their choice, not the one before them.
  await logIn(page, await createInvitedUser('Max'));
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
