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

/** Scans the page as it is now; any axe violation fails the test with its rule ids. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
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
