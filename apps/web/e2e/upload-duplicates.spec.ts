import type { Page } from '@playwright/test';
import { expect, logIn, test } from './support/fixtures.ts';
import { scanWithoutHover, screenshot } from './support/page-checks.ts';
import { uploadFixtures } from './support/upload-fixtures.ts';
import type { FilePayload } from './support/upload-fixtures.ts';

async function chooseFiles(page: Page, buttonName: RegExp, files: FilePayload[]): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: buttonName }).first().click();
  await (await chooser).setFiles(files);
}

const progressRow = (page: Page, name: string) =>
  page.getByTestId('upload-progress').filter({ hasText: name });
const listItem = (page: Page, name: string) =>
  page.getByTestId('upload-item').filter({ has: page.getByRole('link', { name, exact: true }) });

/** Uploads one file from /uploads and waits until the server kept it. */
async function upload(page: Page, button: RegExp, file: FilePayload): Promise<void> {
  await chooseFiles(page, button, [file]);
  await expect(progressRow(page, file.name)).toHaveAttribute('data-status', 'done', {
    timeout: 20_000,
  });
}

test('the same file uploaded again names the copy the mailbox has, and keeps both', async ({
  page,
  user,
}) => {
  test.setTimeout(180_000);
  const { addresses } = await uploadFixtures();
  const again: FilePayload = { ...addresses, name: 'addresses-again.csv' };
  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.goto('/uploads');
  await upload(page, /Upload files/, addresses);
  await expect(progressRow(page, addresses.name).getByTestId('upload-duplicate')).toHaveCount(0);

  await upload(page, /Upload files/, again);
  const notice = progressRow(page, again.name).getByTestId('upload-duplicate');
  await expect(notice).toHaveText(
    new RegExp(
      `^You already have this file: ${addresses.name} \\(uploaded .+\\)\\. Both copies are kept\\.$`,
    ),
  );
  // Nothing was dropped: both are in the list.
  await expect(listItem(page, addresses.name)).toBeVisible();
  await expect(listItem(page, again.name)).toBeVisible();
  await scanWithoutHover(page);
  await screenshot(page, 'uploads-duplicate', page.getByTestId('upload-progress').first());

  // The copy's page says it too; its link leads to the first, which is nobody's copy.
  await listItem(page, again.name).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: again.name })).toBeVisible();
  const onPage = page.getByTestId('upload-duplicate');
  await expect(onPage).toContainText(`You already have this file: ${addresses.name}`);
  await scanWithoutHover(page);
  await onPage.getByRole('link', { name: addresses.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: addresses.name })).toBeVisible();
  await expect(page.getByRole('table', { name: `Table of ${addresses.name}` })).toBeVisible();
  await expect(page.getByTestId('upload-duplicate')).toHaveCount(0);
});

test('files chosen while the empty page turns into the list still upload', async ({
  page,
  user,
}) => {
  test.setTimeout(180_000);
  const { addresses, photo } = await uploadFixtures();
  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.goto('/uploads');
  await expect(page.getByRole('heading', { name: 'No uploads yet' })).toBeVisible();
  // The dialog opens from the empty state's button…
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /Upload files/ }).click();
  const dialog = await chooser;
  // …and while it is open, another tab's upload arrives: the list replaces the empty state.
  const otherTab = await page.context().newPage();
  await otherTab.goto('/uploads');
  await upload(otherTab, /Upload files/, addresses);
  await otherTab.close();
  await expect(listItem(page, addresses.name)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No uploads yet' })).toHaveCount(0);
  // The file chosen now is not lost with the button that opened the dialog.
  await dialog.setFiles([photo.file]);
  await expect(progressRow(page, photo.file.name)).toHaveAttribute('data-status', 'done', {
    timeout: 20_000,
  });
  await expect(listItem(page, photo.file.name)).toBeVisible();
});

test('in German at phone width: the same file again is named as already there', async ({
  page,
  user,
}) => {
  test.setTimeout(180_000);
  const { photo } = await uploadFixtures();
  const again: FilePayload = { ...photo.file, name: `kopie-${photo.file.name}` };
  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.getByRole('banner').getByLabel('Language').selectOption('de');
  await expect(page.getByRole('heading', { level: 1, name: 'Start' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/uploads');
  await upload(page, /Dateien hochladen/, photo.file);
  await upload(page, /Dateien hochladen/, again);
  const notice = progressRow(page, again.name).getByTestId('upload-duplicate');
  await expect(notice).toHaveText(
    new RegExp(
      `^Diese Datei haben Sie schon: ${photo.file.name} \\(hochgeladen .+\\)\\. Beide Kopien bleiben erhalten\\.$`,
    ),
  );
  await expect(notice.getByRole('link', { name: photo.file.name })).toBeVisible();
  await expect(listItem(page, photo.file.name)).toBeVisible();
  await expect(listItem(page, again.name)).toBeVisible();
  await scanWithoutHover(page);
  await page.screenshot({ path: '/tmp/shots/uploads-duplicate-de-390.png', fullPage: true });
});
