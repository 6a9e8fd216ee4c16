import type { Page } from '@playwright/test';
import { E2E_BASE_URL } from './support/environment.ts';
import { expect, logIn, test } from './support/fixtures.ts';
import { screenshot } from './support/page-checks.ts';

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

test('an unknown path shows the not-found page with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the start page' })).toHaveAttribute(
    'href',
    '/',
  );
});

test('every navigation starts at the top of the page', async ({ page, user }) => {
  await page.setViewportSize({ width: 1280, height: 500 });
  await logIn(page, user);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Profile' })
    .click();
  await expect(
    page.getByRole('heading', { level: 2, name: 'Recent security events' }),
  ).toBeVisible();
  await page.mouse.wheel(0, 2000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Trash' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Trash' })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('the language switch changes the UI, <html lang> and is remembered', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByLabel('Language').selectOption('de');
  await expect(page.getByRole('heading', { level: 1, name: 'Bei Kuvert anmelden' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  expect(await page.evaluate(() => localStorage.getItem('kuvert.language'))).toBe('de');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
});

test('the return leg of identity verification asks a logged-out person to log in', async ({
  page,
}) => {
  await page.goto('/verify/id_process_id/abc?code=c&state=s');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Identity verification' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Please log in first' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to login' })).toBeVisible();
});

test('the public form fill-out page needs no login', async ({ page }) => {
  await page.goto('/forms/search/by-provider/p1/fill-out/f1');
  await expect(page).toHaveURL('/forms/search/by-provider/p1/fill-out/f1');
  // No such form here, which the page says plainly instead of asking for a login.
  await expect(page.getByRole('heading', { level: 1, name: 'Form not found' })).toBeVisible();
});

test('focus moves to the main heading after a navigation, not on the first load or a search', async ({
  page,
  user,
}) => {
  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeFocused();

  // A page opened directly starts as any web page does, at the document.
  await page.goto('/trash');
  await expect(page.getByRole('heading', { level: 1, name: 'Trash' })).toBeVisible();
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);

  await mainNav(page).getByRole('link', { name: 'Profile' }).click();
  const profileHeading = page.getByRole('heading', { level: 1, name: 'Profile' });
  await expect(profileHeading).toBeFocused();
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
  // Tab goes on from the heading, into the page, not back to the top of the navigation.
  await page.keyboard.press('Tab');
  expect(
    await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement)),
  ).toBe(true);

  // A search changes only the query string: the search box keeps focus.
  await mainNav(page).getByRole('link', { name: 'Inbox', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeFocused();
  await page.keyboard.press('/');
  const searchBox = page.getByRole('searchbox', { name: 'Search letters' });
  await searchBox.fill('electricity');
  await searchBox.press('Enter');
  await expect(page).toHaveURL('/inbox?q=electricity');
  await expect(searchBox).toBeFocused();

  // Back in history is a navigation too.
  await page.goBack();
  await page.goBack();
  await expect(profileHeading).toBeFocused();
});

test('on a phone, Escape closes the menu and focus returns to its button', async ({
  page,
  user,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const burger = page.getByRole('button', { name: 'Close navigation' });
  await expect(burger).toHaveAttribute('aria-expanded', 'true');
  await expect(mainNav(page).getByRole('link', { name: 'Trash' })).toBeInViewport();
  await mainNav(page).getByRole('link', { name: 'Trash' }).focus();

  await page.keyboard.press('Escape');
  const openButton = page.getByRole('button', { name: 'Open navigation' });
  await expect(openButton).toHaveAttribute('aria-expanded', 'false');
  await expect(openButton).toBeFocused();
  await expect(mainNav(page).getByRole('link', { name: 'Trash' })).not.toBeInViewport();
});

test('on a phone in German, the session list shows "Abmelden" whole', async ({ page, user }) => {
  // A second device to log out: a login through the API.
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
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await page.getByLabel('Language').selectOption('de');
  await logIn(page, user, '/login?redirect=%2Fprofile');
  const sessions = page.getByRole('region', { name: 'Aktive Sitzungen' });
  const revoke = sessions.getByRole('button', { name: /^Firefox.* abmelden$/ });
  await expect(revoke).toBeVisible();
  await revoke.scrollIntoViewIfNeeded();
  await expect(revoke).toHaveText('Abmelden');
  // The whole word is drawn: the button's label is not cut off.
  const label = revoke.locator('.mantine-Button-label');
  const { scrollWidth, clientWidth } = await label.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  await screenshot(page, 'shell/sessions-de', sessions);
});
