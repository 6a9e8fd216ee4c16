import type { Page } from '@playwright/test';
import { expect, logIn, test } from './support/fixtures.ts';
import { scanWithoutHover, screenshot } from './support/page-checks.ts';
import {
  createProvider,
  deliverLetter,
  makePdf,
  startWebhookReceiver,
} from './support/provider.ts';

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const connectionLost = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'No connection. Kuvert carries on' });

test('offline, a section not loaded yet keeps the layout, says so and loads once back online', async ({
  page,
  context,
  user,
}) => {
  test.setTimeout(120_000);
  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();

  await context.setOffline(true);
  await expect(connectionLost(page)).toBeVisible();
  // The trash's code has not been downloaded yet: this click needs the network.
  await mainNav(page).getByRole('link', { name: 'Trash' }).click();
  const offlineHeading = page.getByRole('heading', { level: 1, name: 'You are offline' });
  await expect(offlineHeading).toBeVisible();
  await expect(offlineHeading).toBeFocused();
  await expect(page).toHaveURL('/trash');
  await expect(mainNav(page).getByRole('link', { name: 'Trash' })).toBeVisible();
  await expect(page.getByRole('button', { name: `${user.firstName} Account menu` })).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await scanWithoutHover(page);
  await screenshot(page, 'shell/offline-section');

  // No click: the page loads by itself when the browser is back online.
  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: 'Trash' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Trash' })).toBeFocused();
  await expect(connectionLost(page)).toHaveCount(0);
});

test('offline, the page says it cannot load in German too, and Try again loads it', async ({
  page,
  context,
  user,
}) => {
  await page.goto('/login');
  await page.getByLabel('Language').selectOption('de');
  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Start' })).toBeVisible();

  await context.setOffline(true);
  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: 'Papierkorb' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sie sind offline' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Keine Verbindung.' })).toBeVisible();
  const retry = page.getByRole('button', { name: 'Erneut versuchen' });
  await retry.click();
  // Still offline: the same honest state, nothing replaced by a crash page.
  await expect(page.getByRole('heading', { level: 1, name: 'Sie sind offline' })).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: 'Papierkorb' })).toBeVisible();
});

test('an action taken offline ends with a message instead of spinning, and works once back', async ({
  page,
  context,
  user,
}) => {
  test.setTimeout(120_000);
  const receiver = await startWebhookReceiver();
  try {
    const provider = await createProvider(`Stadtwerke Offline ${Date.now()}`, receiver.url);
    await deliverLetter(provider, {
      recipientEmail: user.email,
      subject: 'Meter reading reminder',
      pdf: await makePdf([['Stadtwerke', 'Please send us your meter reading']]),
    });
    await logIn(page, user);
    await mainNav(page).getByRole('link', { name: 'Inbox', exact: true }).click();
    await page.getByRole('link', { name: /Meter reading reminder/ }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Meter reading reminder' }),
    ).toBeFocused();

    // The reply dialog gives focus back to the button that opened it.
    const replyButton = page.getByRole('button', { name: 'Reply', exact: true });
    await replyButton.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(replyButton).toBeFocused();

    await context.setOffline(true);
    const markUnread = page.getByRole('button', { name: 'Mark unread' });
    await markUnread.click();
    await expect(page.locator('[data-notification-type="negative"]')).toContainText(
      'No connection to Kuvert. Please check your internet connection and try again.',
    );
    await expect(markUnread).not.toHaveAttribute('data-loading');
    await expect(markUnread).toBeEnabled();
    await expect(connectionLost(page)).toBeVisible();
    await screenshot(page, 'shell/offline-action');

    await context.setOffline(false);
    await expect(connectionLost(page)).toHaveCount(0);
    await markUnread.click();
    await expect(page.locator('[data-notification-type="positive"]')).toContainText(
      'Marked as unread.',
    );
  } finally {
    await receiver.close();
  }
});

test('logging in offline says there is no connection, and works once back', async ({
  page,
  context,
  user,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in to Kuvert' })).toBeVisible();
  // A first try while online, then the connection drops.
  await page.getByLabel(/e-mail/i).fill(user.email);
  await page.getByRole('textbox', { name: 'Password' }).fill('not the password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('The e-mail address or password is not correct.')).toBeVisible();
  await context.setOffline(true);
  await page.getByRole('textbox', { name: 'Password' }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('main')).toContainText(
    'No connection to Kuvert. Please check your internet connection and try again.',
  );
  await expect(connectionLost(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled();
  await scanWithoutHover(page);
  await screenshot(page, 'shell/offline-login');

  await context.setOffline(false);
  await expect(connectionLost(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
});
