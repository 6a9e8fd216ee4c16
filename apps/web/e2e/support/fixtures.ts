import { AxeBuilder } from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';
import { createInvitedUser, type TestUser } from './users.ts';

export async function logIn(page: Page, user: TestUser, path = '/login'): Promise<void> {
  await page.goto(path);
  await page.getByLabel(/e-mail/i).fill(user.email);
  // Anchored: the show/hide toggle beside the field is labelled "Show password".
  await page.getByRole('textbox', { name: /^(password|passwort)$/i }).fill(user.password);
  await page.getByRole('button', { name: /log in|anmelden/i }).click();
}

/** The screens this test worker has scanned, by screenKey. */
const scannedScreens = new Set<string>();

/**
 * What makes one screen differ from another for accessibility: the route (ids left out), the
 * language, the colour scheme, phone or desktop width, and what is open or flagged on it
 * (dialogs, menus, lists of options, alerts, fields marked invalid). The same screen with
 * other letters in it is the same screen.
 */
async function screenKey(page: Page): Promise<string> {
  return page.evaluate(() => {
    const route = location.pathname.replace(
      /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d+/giu,
      ':id',
    );
    return [
      route,
      document.documentElement.lang,
      document.documentElement.getAttribute('data-mantine-color-scheme') ?? '',
      window.innerWidth < 768 ? 'phone' : 'desktop',
      ...['dialog', 'alertdialog', 'menu', 'listbox', 'alert', 'tooltip'].map(
        (role) => `${role}:${document.querySelectorAll(`[role="${role}"]`).length}`,
      ),
      `invalid:${document.querySelectorAll('[aria-invalid="true"]').length}`,
      `headings:${document.querySelectorAll('h1, h2, h3').length}`,
    ].join('|');
  });
}

/**
 * Scans the page as it is now; any axe violation fails the test with its rule ids. A screen
 * this worker scanned already, in the same state, is not scanned again: journeys pass the
 * inbox and the letter page dozens of times, and a scan costs seconds of CI's two cores.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const key = await screenKey(page);
  if (scannedScreens.has(key)) return;
  // Legacy mode runs axe in the page's own frames. The default opens a blank page of its own
  // for every scan to join the frames' results: a third of a journey's time went to that
  // (3 specs, one worker: 80 s → 57–67 s, the same violations found).
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  const summary = results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    targets: violation.nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)}`),
  }));
  expect(summary).toEqual([]);
  scannedScreens.add(key);
}

export const test = base.extend<{ user: TestUser }>({
  // A fresh invited user per test: tests may change passwords or revoke sessions freely.
  // Playwright requires an object pattern as the first parameter, even when empty.
  // oxlint-disable-next-line no-empty-pattern
  user: async ({}, use) => {
    await use(await createInvitedUser());
  },
});

export { expect };
