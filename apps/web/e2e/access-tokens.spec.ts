import type { Page } from '@playwright/test';
import { E2E_BASE_URL } from './support/environment.ts';
import { expect, logIn, test } from './support/fixtures.ts';
import { scanWithoutHover, screenshot } from './support/page-checks.ts';
import {
  createProvider,
  deliverLetter,
  makePdf,
  NO_WEBHOOK,
  uniqueWord,
} from './support/provider.ts';

/*
 * Issue 25: a personal access token made in the profile, shown once, used by a script (here
 * the test's own fetch, against the real server), then revoked.
 */

interface PersonalLetterPage {
  items: Array<{ id: string; subject: string; documents: Array<{ id: string }> }>;
  next_cursor: string;
  has_more: boolean;
}

function personalApi(token: string, path: string): Promise<Response> {
  return fetch(`${E2E_BASE_URL}/api/personal/v1${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
}

async function openProfile(page: Page, heading: string): Promise<void> {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test('a token made in the profile lists the letters for a script, shown once, then revoked', async ({
  page,
  context,
  user,
}) => {
  // The letters settle for 10 seconds before the API lists them; the machine may be busy.
  test.setTimeout(180_000);
  const provider = await createProvider(`Stadtwerke ${uniqueWord()}`, NO_WEBHOOK);
  const subjects = [`Meter reading ${uniqueWord()}`, `Annual bill ${uniqueWord()}`];
  for (const subject of subjects) {
    await deliverLetter(provider, {
      recipientEmail: user.email,
      subject,
      pdf: await makePdf([[subject]]),
    });
  }
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await openProfile(page, 'Profile');

  const section = page.getByRole('region', { name: 'Access tokens' });
  await expect(section.getByText('You have no active access tokens.')).toBeVisible();
  const form = section.getByRole('form', { name: 'New access token' });
  await form.getByRole('button', { name: 'Create token' }).click();
  await expect(form.getByText('Please fill in this field.')).toBeVisible();
  await form.getByLabel('Name').fill('NAS mirror');
  await form.getByRole('radio', { name: 'Read', exact: true }).check();
  await form.getByLabel('Expires').selectOption('30');
  await form.getByRole('button', { name: 'Create token' }).click();

  // Shown once, with a copy button that puts exactly the token on the clipboard.
  const shown = section.getByTestId('new-access-token');
  await expect(shown).toHaveText(/^kvp_[A-Za-z0-9_-]{43}$/);
  const token = (await shown.textContent()) ?? '';
  await section.getByRole('button', { name: 'Copy token' }).click();
  await expect(section.getByRole('button', { name: 'Copied', exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await scanWithoutHover(page);
  await screenshot(page, 'access-token-created', section);
  await section.getByRole('button', { name: 'Done, I have copied it' }).click();
  await expect(page.getByText(token)).toHaveCount(0);
  const row = section.locator('[data-token-id]').filter({ hasText: 'NAS mirror' });
  await expect(row).toContainText('Read');
  await expect(row).toContainText(token.slice(0, 8));
  await expect(row).toContainText('Not used yet');

  // The script: its letters, once they have settled (10 seconds after they arrived).
  await expect
    .poll(
      async () => {
        const response = await personalApi(token, '/letters');
        const letterPage: PersonalLetterPage = await response.json();
        return letterPage.items.map((item) => item.subject);
      },
      { timeout: 30_000 },
    )
    .toEqual(subjects);
  const listed: PersonalLetterPage = await (await personalApi(token, '/letters')).json();
  const [first] = listed.items;
  const document = await personalApi(
    token,
    `/letters/${first?.id ?? ''}/documents/${first?.documents[0]?.id ?? ''}`,
  );
  expect(document.status).toBe(200);
  expect(document.headers.get('content-type')).toBe('application/pdf');
  const idle = await personalApi(token, `/letters?since=${listed.next_cursor}`);
  expect((await idle.json()).items).toEqual([]);
  const markRead = await fetch(`${E2E_BASE_URL}/api/personal/v1/letters/${first?.id ?? ''}/read`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(markRead.status).toBe(403);

  await page.reload();
  await expect(row).toContainText('Last used');
  await row.getByRole('button', { name: 'Revoke NAS mirror' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke this token?' });
  await expect(dialog).toContainText('"NAS mirror" stops working at once');
  await dialog.getByRole('button', { name: 'Revoke token' }).click();
  await expect(page.locator('[data-notification-type="positive"]')).toContainText(
    'is revoked and no longer works',
  );
  await expect(row).toHaveCount(0);
  const refused = await personalApi(token, '/letters');
  expect(refused.status).toBe(401);
  expect((await refused.json()).code).toBe('UNAUTHENTICATED');

  const events = page.getByRole('region', { name: 'Recent security events' });
  await expect(events.getByText('Access token created')).toBeVisible();
  await expect(events.getByText('Access token revoked')).toBeVisible();
});

test('in German at phone width: a token until a chosen day, used, then revoked', async ({
  page,
  user,
}) => {
  test.setTimeout(180_000);
  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/profile') && response.request().method() === 'PATCH',
  );
  await page.getByRole('banner').getByLabel('Language').selectOption('de');
  expect((await saved).status()).toBe(200);
  await page.setViewportSize({ width: 390, height: 844 });
  await openProfile(page, 'Profil');

  const section = page.getByRole('region', { name: 'Zugriffstokens' });
  const form = section.getByRole('form', { name: 'Neues Zugriffstoken' });
  await form.getByLabel('Name').fill('Sicherung');
  await form.getByRole('radio', { name: 'Lesen und als gelesen markieren' }).check();
  await form.getByLabel('Läuft ab').selectOption('date');
  const lastDay = form.getByLabel('Letzter Tag');
  const inTwoYears = new Date(Date.now() + 2 * 366 * 86_400_000).toISOString().slice(0, 10);
  await lastDay.fill(inTwoYears);
  await form.getByRole('button', { name: 'Token erstellen' }).click();
  await expect(
    form.getByText('Wählen Sie einen Tag zwischen morgen und einem Jahr ab heute.'),
  ).toBeVisible();
  const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  await lastDay.fill(inAWeek);
  await form.getByRole('button', { name: 'Token erstellen' }).click();

  const shown = section.getByTestId('new-access-token');
  await expect(shown).toHaveText(/^kvp_/);
  const token = (await shown.textContent()) ?? '';
  await expect(section.getByRole('button', { name: 'Token kopieren' })).toBeVisible();
  await scanWithoutHover(page);
  await screenshot(page, 'access-tokens-de', section);
  await section.getByRole('button', { name: 'Fertig, ich habe es kopiert' }).click();

  expect((await personalApi(token, '/letters')).status).toBe(200);
  const row = section.locator('[data-token-id]').filter({ hasText: 'Sicherung' });
  await expect(row).toContainText('Lesen und als gelesen markieren');
  await expect(row).toContainText('Noch nicht verwendet');
  await row.getByRole('button', { name: 'Sicherung widerrufen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Dieses Token widerrufen?' });
  await dialog.getByRole('button', { name: 'Token widerrufen' }).click();
  await expect(row).toHaveCount(0);
  await expect(section.getByText('Sie haben keine aktiven Zugriffstokens.')).toBeVisible();
  expect((await personalApi(token, '/letters')).status).toBe(401);
});
