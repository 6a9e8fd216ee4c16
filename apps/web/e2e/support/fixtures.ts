import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';
import { E2E_ROOT } from './environment.ts';
import { createInvitedUser, type TestUser } from './users.ts';

export async function logIn(page: Page, user: TestUser, path = '/login'): Promise<void> {
  await page.goto(path);
  await page.getByLabel(/e-mail/i).fill(user.email);
  // Anchored: the show/hide toggle beside the field is labelled "Show password".
  await page.getByRole('textbox', { name: /^(password|passwort)$/i }).fill(user.password);
  await page.getByRole('button', { name: /log in|anmelden/i }).click();
}

/** Where the workers of one run mark the screens they scan (global-setup empties E2E_ROOT). */
const SCANNED_SCREENS_DIR = join(E2E_ROOT, 'axe-scanned');

/**
 * True for the first worker of the run to ask for the screen: a file per screen, created only
 * if it does not exist yet, which the file system grants to one worker alone.
 */
function claimScreen(key: string): boolean {
  mkdirSync(SCANNED_SCREENS_DIR, { recursive: true });
  const name = createHash('sha256').update(key).digest('hex');
  try {
    writeFileSync(join(SCANNED_SCREENS_DIR, name), key, { flag: 'wx' });
    return true;
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * What makes one screen differ from another for accessibility: the route (ids left out), the
 * language, the colour scheme, phone or desktop width, what is open or flagged on it
 * (dialogs, menus, lists of options, alerts, fields marked invalid) and how many headings it
 * has. The same screen with other letters in it is the same screen.
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
      // Whether one is open, not how many: a second notice is the same screen again.
      ...['dialog', 'alertdialog', 'menu', 'listbox', 'alert', 'tooltip'].map(
        (role) => `${role}:${document.querySelector(`[role="${role}"]`) ? 1 : 0}`,
      ),
      `invalid:${document.querySelector('[aria-invalid="true"]') ? 1 : 0}`,
      `headings:${document.querySelectorAll('h1, h2, h3').length}`,
    ].join('|');
  });
}

/**
 * Scans the page as it is now; any axe violation fails the test with its rule ids. A screen
 * any worker of this run scanned already, in the same state, is not scanned again: journeys
 * pass the inbox and the letter page dozens of times, and the scans took a third of the
 * journeys' time on CI's two cores.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  if (!claimScreen(await screenKey(page))) return;
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
