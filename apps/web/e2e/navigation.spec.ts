import { expect, logIn, test } from './support/fixtures.ts';

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

test('identity verification says honestly that it comes later', async ({ page }) => {
  await page.goto('/verify/id_process_id/abc');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Identity verification' }),
  ).toBeVisible();
  await expect(page.getByText(/arrives in a later release/)).toBeVisible();
});

test('the public form fill-out page needs no login', async ({ page }) => {
  await page.goto('/forms/search/by-provider/p1/fill-out/f1');
  await expect(page).toHaveURL('/forms/search/by-provider/p1/fill-out/f1');
  await expect(page.getByRole('heading', { level: 1, name: 'Fill out form' })).toBeVisible();
});
