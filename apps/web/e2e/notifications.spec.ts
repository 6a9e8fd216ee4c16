import { expect, logIn, test } from './support/fixtures.ts';

test('a notification appears at the bottom and goes away after about five seconds', async ({
  page,
  user,
}) => {
  await logIn(page, user);
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();

  const notification = page.locator('[data-notification-type="info"]');
  await expect(notification).toHaveText(/You have been logged out/);
  const shownAt = Date.now();
  const box = await notification.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport && box.y + box.height).toBeGreaterThan((viewport?.height ?? 0) - 120);

  await expect(notification).toBeHidden({ timeout: 8000 });
  const visibleFor = Date.now() - shownAt;
  expect(visibleFor).toBeGreaterThan(3500);
  expect(visibleFor).toBeLessThan(7000);
});

test('a notification can be dismissed at once', async ({ page, user }) => {
  await logIn(page, user);
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  const notification = page.locator('[data-notification-type="info"]');
  await notification.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(notification).toBeHidden({ timeout: 1000 });
});
