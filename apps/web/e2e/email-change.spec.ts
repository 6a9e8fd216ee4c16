import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { E2E_BASE_URL } from './support/environment.ts';
import { expect, logIn, test } from './support/fixtures.ts';
import { countMailsTo, readMailsTo, waitForMailLink } from './support/mail.ts';
import { scanWithoutHover, screenshot } from './support/page-checks.ts';
import type { TestUser } from './support/users.ts';

function freshAddress(): string {
  return `e2e-new-${randomUUID().slice(0, 8)}@kuvert.test`;
}

async function openProfile(page: Page, name: string, heading: string): Promise<void> {
  await page.getByRole('navigation', { name }).getByRole('link', { name: heading }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/** The profile's language, set through the API as the header's switch sets it. */
async function setProfileLanguage(user: TestUser, language: 'de' | 'en'): Promise<void> {
  const headers = { 'content-type': 'application/json', origin: E2E_BASE_URL };
  const login = await fetch(`${E2E_BASE_URL}/api/auth/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  const session: { csrf_token: string } = await login.json();
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const patched = await fetch(`${E2E_BASE_URL}/api/profile`, {
    method: 'PATCH',
    headers: { ...headers, cookie, 'x-csrf-token': session.csrf_token },
    body: JSON.stringify({ language }),
  });
  expect(patched.status).toBe(200);
}

test('the e-mail address changes with the mailed link; the old one no longer logs in', async ({
  page,
  user,
}) => {
  // A long journey with five accessibility scans, on a shared machine.
  test.setTimeout(180_000);
  const newEmail = freshAddress();
  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await openProfile(page, 'Main navigation', 'Profile');
  const section = page.getByRole('region', { name: 'E-mail address' });
  await expect(section.getByText(user.email)).toBeVisible();

  await section.getByRole('button', { name: 'Change e-mail address' }).click();
  const form = section.getByRole('form', { name: 'Change e-mail address' });
  await form.getByLabel('New e-mail address').fill(user.email.toUpperCase());
  await form.getByLabel('Current password').fill(user.password);
  await form.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(form.getByText('This is already the e-mail address of your login.')).toBeVisible();

  // Case and spaces do not matter; a wrong password is named on its field.
  await form.getByLabel('New e-mail address').fill(`  ${newEmail.toUpperCase()} `);
  await form.getByLabel('Current password').fill('not my password at all');
  await form.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(form.getByText('The current password is not correct.')).toBeVisible();
  await scanWithoutHover(page);

  const oldMailsBefore = countMailsTo(user.email);
  await form.getByLabel('Current password').fill(user.password);
  await form.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(page.locator('[data-notification-type="positive"]')).toContainText(
    `We sent a link to ${newEmail}.`,
  );
  await expect(section.getByText(`Waiting for confirmation from ${newEmail}`)).toBeVisible();
  await scanWithoutHover(page);
  await screenshot(page, 'email-change-pending', section);

  // The old address is told, with a link that would stop the change.
  await waitForMailLink(user.email, '/email-change/cancel', oldMailsBefore);

  const link = await waitForMailLink(newEmail, '/email-change/confirm');
  await page.goto(link);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Confirm your new e-mail address' }),
  ).toBeVisible();
  await expect(page.getByText(`Make ${newEmail} the e-mail address`)).toBeVisible();
  await scanWithoutHover(page);
  await page.getByRole('button', { name: 'Confirm new address' }).click();
  await expect(page.getByText('Your e-mail address is changed')).toBeVisible();
  await scanWithoutHover(page);
  await screenshot(page, 'email-change-confirmed');

  // The session that asked stays logged in; then log out and try both addresses.
  await page.getByRole('link', { name: 'Continue to Kuvert' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL('/login');

  await logIn(page, user);
  await expect(page.getByText('The e-mail address or password is not correct.')).toBeVisible();
  await logIn(page, { ...user, email: newEmail });
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();

  await openProfile(page, 'Main navigation', 'Profile');
  await expect(
    page.getByRole('region', { name: 'E-mail address' }).getByText(newEmail),
  ).toBeVisible();
  const events = page.getByRole('region', { name: 'Recent security events' });
  await expect(events.getByText('E-mail address changed')).toBeVisible();
  await expect(events.getByText(`${user.email} → ${newEmail}`).first()).toBeVisible();
  expect(readMailsTo(user.email).at(-1)).toContain('Your Kuvert e-mail address was changed');

  // The link works once.
  await page.goto(link);
  await expect(page.getByText('This change is already done')).toBeVisible();
});

test('auf dem Telefon: die alte Adresse stoppt die Änderung mit ihrem Link', async ({
  browser,
  user,
}) => {
  test.setTimeout(180_000);
  await setProfileLanguage(user, 'de');
  const phone = { viewport: { width: 390, height: 844 }, locale: 'de-DE' };
  const context = await browser.newContext(phone);
  const stranger = await browser.newContext(phone);
  try {
    const page = await context.newPage();
    const newEmail = freshAddress();
    await logIn(page, user);
    await expect(page.getByRole('heading', { level: 1, name: 'Start' })).toBeVisible();
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();

    const section = page.getByRole('region', { name: 'E-Mail-Adresse' });
    await section.getByRole('button', { name: 'E-Mail-Adresse ändern' }).click();
    const form = section.getByRole('form', { name: 'E-Mail-Adresse ändern' });
    await form.getByLabel('Neue E-Mail-Adresse').fill(newEmail);
    await form.getByLabel('Aktuelles Passwort').fill(user.password);
    const oldMailsBefore = countMailsTo(user.email);
    await form.getByRole('button', { name: 'Bestätigungslink senden' }).click();
    await expect(section.getByText(`Wartet auf Bestätigung von ${newEmail}`)).toBeVisible();
    await scanWithoutHover(page);

    // Whoever reads the old address needs no login to stop it.
    const cancelLink = await waitForMailLink(user.email, '/email-change/cancel', oldMailsBefore);
    // The mail is in the profile's language (read as bytes here, so an ASCII-only line).
    expect(readMailsTo(user.email).at(-1)).toContain('Waren Sie es, ist nichts zu tun.');
    const other = await stranger.newPage();
    await other.goto(cancelLink);
    await expect(
      other.getByRole('heading', { level: 1, name: 'Änderung Ihrer E-Mail-Adresse stoppen' }),
    ).toBeVisible();
    await expect(other.getByText(newEmail)).toBeVisible();
    await scanWithoutHover(other);
    await screenshot(other, 'email-change-cancel');
    await other.getByRole('button', { name: 'Änderung stoppen' }).click();
    await expect(other.getByText('Die Änderung ist gestoppt')).toBeVisible();
    await expect(other.getByRole('link', { name: 'Neues Passwort wählen' })).toBeVisible();
    await scanWithoutHover(other);

    // The link to the new address now says what became of the change.
    const confirmLink = await waitForMailLink(newEmail, '/email-change/confirm');
    await other.goto(confirmLink);
    await expect(other.getByText('Diese Änderung wurde abgebrochen')).toBeVisible();
    await expect(other.getByRole('button', { name: 'Neue Adresse bestätigen' })).toHaveCount(0);
    await scanWithoutHover(other);
    await screenshot(other, 'email-change-cancelled-link');

    await page.reload();
    await expect(section.getByText(user.email)).toBeVisible();
    await expect(section.getByText(/Wartet auf Bestätigung/)).toHaveCount(0);
    await expect(
      page
        .getByRole('region', { name: 'Letzte Sicherheitsereignisse' })
        .getByText('Änderung der E-Mail-Adresse abgebrochen'),
    ).toBeVisible();
  } finally {
    await context.close();
    await stranger.close();
  }
});

test('a pending change is cancelled from the profile, and its link then says so', async ({
  page,
  user,
}) => {
  test.setTimeout(120_000);
  const newEmail = freshAddress();
  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'E-mail address' });
  await section.getByRole('button', { name: 'Change e-mail address' }).click();
  const form = section.getByRole('form', { name: 'Change e-mail address' });
  await form.getByLabel('New e-mail address').fill(newEmail);
  await form.getByLabel('Current password').fill(user.password);
  await form.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(section.getByText(`Waiting for confirmation from ${newEmail}`)).toBeVisible();

  const firstLink = await waitForMailLink(newEmail, '/email-change/confirm');
  const mailsBefore = countMailsTo(newEmail);
  await section.getByRole('button', { name: 'Send the link again' }).click();
  await expect(
    page
      .locator('[data-notification-type="positive"]')
      .filter({ hasText: `A new link was sent to ${newEmail}.` }),
  ).toBeVisible();
  const resentLink = await waitForMailLink(newEmail, '/email-change/confirm', mailsBefore);
  expect(resentLink).not.toBe(firstLink);

  await section.getByRole('button', { name: 'Cancel the change' }).click();
  await expect(section.getByText(/Waiting for confirmation/)).toHaveCount(0);
  await page.goto(resentLink);
  await expect(page.getByText('This change was cancelled')).toBeVisible();
  await page.goto(firstLink);
  await expect(page.getByText('This link is not valid')).toBeVisible();
  await scanWithoutHover(page);
});
