import { expect, expectNoAxeViolations, logIn, test } from './support/fixtures.ts';

const publicPages = [
  ['login', '/login', 'Log in to Kuvert'],
  ['forgot password', '/login?view=forgot-password', 'Reset your password'],
  ['reset password', '/reset/password/some-token', 'Choose a new password'],
  ['verify e-mail', '/verify/email?token=some-token', 'Confirm your e-mail address'],
  ['verify identity', '/verify/id_process_id/abc', 'Identity verification'],
  ['not found', '/no/such/page', 'Page not found'],
  // No such form: the page says so (e2e/forms-fill.spec.ts scans a real one).
  ['public form (no sidebar)', '/forms/search/by-provider/p1/fill-out/f1', 'Form not found'],
  ['verify a document', '/verify-document', 'Verify a document'],
] as const;

for (const [name, path, heading] of publicPages) {
  test(`${name} has no axe violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page);
  });
}

const portalPages = [
  ['home', 'Home', 'Home'],
  ['profile', 'Profile', 'Profile'],
  ['inbox', 'Inbox', 'Inbox'],
] as const;

for (const [name, link, heading] of portalPages) {
  test(`${name} has no axe violations`, async ({ page, user }) => {
    await logIn(page, user);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: link })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page);
  });
}

test('a letter page (no sidebar) that does not exist has no axe violations', async ({
  page,
  user,
}) => {
  await logIn(page, user, '/login?redirect=/inbox/some-letter');
  await expect(page.getByRole('heading', { level: 1, name: 'Letter' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the mobile menu opens from the burger and is accessible', async ({ page, user }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await logIn(page, user);
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Inbox' })).toBeVisible();
  await expectNoAxeViolations(page);
  await nav.getByRole('link', { name: 'Inbox' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open navigation' })).toBeVisible();
});
