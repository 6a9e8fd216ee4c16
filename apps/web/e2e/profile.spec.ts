import { E2E_BASE_URL } from './support/environment.ts';
import { expect, logIn, test } from './support/fixtures.ts';
import { scanWithoutHover, screenshot } from './support/page-checks.ts';

test.beforeEach(async ({ page, user }) => {
  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Profile' })
    .click();
  // The route loads its code before the address changes: a test that reloads the page at
  // once would reload the home page.
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
});

test('name and language are saved, and the UI switches language', async ({ page }) => {
  const details = page.getByRole('form', { name: 'Personal details' });
  await details.getByLabel(/first name/i).fill('Erika-Maria');
  await details.getByLabel('Language').selectOption('de');
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(page.locator('[data-notification-type="positive"]')).toContainText(
    'Ihre Angaben wurden gespeichert',
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('button', { name: 'Erika-Maria Kontomenü' })).toBeVisible();

  await page.reload();
  await expect(
    page.getByRole('form', { name: 'Persönliche Angaben' }).getByLabel(/vorname/i),
  ).toHaveValue('Erika-Maria');
});

test('a wrong current password is shown on its field; the right one changes it', async ({
  page,
  user,
}) => {
  const form = page.getByRole('form', { name: 'Password' });
  const newPassword = 'Another long passphrase 7';
  await form.getByLabel('Current password').fill('definitely wrong');
  await form.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
  await form.getByLabel('Repeat new password').fill(newPassword);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('The current password is not correct.')).toBeVisible();

  await form.getByLabel('Current password').fill(user.password);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.locator('[data-notification-type="positive"]')).toContainText(
    'Your password has been changed',
  );
  await expect(form.getByLabel('Current password')).toHaveValue('');
});

test('sessions list marks this device and revokes another one', async ({ page, user }) => {
  // A second device: a login through the API.
  const response = await fetch(`${E2E_BASE_URL}/api/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: E2E_BASE_URL,
      'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Firefox/140.0',
    },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  expect(response.ok).toBe(true);
  await page.reload();

  const sessions = page.getByRole('region', { name: 'Active sessions' });
  await expect(sessions.getByText('This device')).toHaveCount(1);
  const revokeButtons = sessions.getByRole('button', { name: /^Log out Firefox/ });
  await expect(revokeButtons).toHaveCount(1);
  await revokeButtons.first().click();
  await expect(page.locator('[data-notification-type="positive"]')).toContainText(
    'The session has been logged out.',
  );
  await expect(revokeButtons).toHaveCount(0);

  const events = page.getByRole('region', { name: 'Recent security events' });
  await expect(events.getByText('Session logged out')).toBeVisible();
});

/** Logs `user` in on another "device" through the API; answers its cookie header. */
async function logInElsewhere(user: { email: string; password: string }, agent: string) {
  const response = await fetch(`${E2E_BASE_URL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: E2E_BASE_URL, 'user-agent': agent },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  expect(response.ok).toBe(true);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

test('all other devices are logged out at once; a language switch is no security event', async ({
  page,
  user,
}) => {
  const devices = ['Android 14; Mobile) Firefox/140.0', 'iPad; CPU OS 18_0) Safari/605.1'];
  const cookies = await Promise.all(
    devices.map((agent) => logInElsewhere(user, `Mozilla/5.0 (${agent}`)),
  );
  // Switching the language back and forth is not a security event.
  const details = page.getByRole('form', { name: 'Personal details' });
  await details.getByLabel('Language').selectOption('de');
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
  await page.reload();

  const sessions = page.getByRole('region', { name: 'Aktive Sitzungen' });
  await expect(sessions.getByText('Dieses Gerät')).toHaveCount(1);
  await sessions.getByRole('button', { name: 'Alle anderen Geräte abmelden' }).click();
  await expect(page.locator('[data-notification-type="positive"]')).toContainText(
    'Alle anderen Geräte sind abgemeldet.',
  );
  await expect(sessions.getByText('Auf keinem anderen Gerät angemeldet.')).toBeVisible();
  for (const cookie of cookies) {
    const session = await fetch(`${E2E_BASE_URL}/api/auth/session`, { headers: { cookie } });
    expect(session.status).toBe(401);
  }
  const events = page.getByRole('region', { name: 'Letzte Sicherheitsereignisse' });
  await expect(events.getByText('Andere Geräte abgemeldet')).toBeVisible();
  await expect(events.getByText('Angaben geändert')).toHaveCount(0);
  await scanWithoutHover(page);
});

test('the postal address is checked in both languages, saved and removed', async ({ page }) => {
  const address = page.getByRole('form', { name: 'Postal address' });
  await expect(address.getByText('No postal address yet')).toBeVisible();
  await address.getByLabel('Street and number').fill('Hauptstraße 5');
  await address.getByLabel('Postcode').fill('1011');
  await address.getByLabel('City').fill('Berlin');
  await expect(address.getByLabel('Country')).toHaveValue('DE');
  await address.getByRole('button', { name: 'Save address' }).click();
  await expect(
    address.getByText('This postcode does not fit DE (for example 10115).'),
  ).toBeVisible();
  // Nothing typed is lost.
  await expect(address.getByLabel('Street and number')).toHaveValue('Hauptstraße 5');

  await address.getByLabel('Country').selectOption({ label: 'Austria' });
  await address.getByRole('button', { name: 'Save address' }).click();
  await expect(page.locator('[data-notification-type="positive"]')).toContainText(
    'Your postal address has been saved.',
  );
  await scanWithoutHover(page);
  await screenshot(page, 'profile-postal-address', address);

  const details = page.getByRole('form', { name: 'Personal details' });
  await details.getByLabel('Language').selectOption('de');
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
  await page.reload();
  const anschrift = page.getByRole('form', { name: 'Postanschrift' });
  await expect(anschrift.getByLabel('Postleitzahl')).toHaveValue('1011');
  await expect(anschrift.getByLabel('Land')).toHaveValue('AT');
  await anschrift.getByLabel('Land').selectOption({ label: 'Schweden' });
  await anschrift.getByRole('button', { name: 'Anschrift speichern' }).click();
  await expect(
    anschrift.getByText('Diese Postleitzahl passt nicht zu SE (zum Beispiel 114 55).'),
  ).toBeVisible();

  await anschrift.getByRole('button', { name: 'Anschrift entfernen' }).click();
  await expect(page.locator('[data-notification-type="positive"]').last()).toContainText(
    'Ihre Postanschrift wurde entfernt.',
  );
  await expect(anschrift.getByLabel('Straße und Hausnummer')).toHaveValue('');
});
