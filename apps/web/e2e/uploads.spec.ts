import { createHash } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, logIn, test } from './support/fixtures.ts';
import { scanWithoutHover, screenshot } from './support/page-checks.ts';
import { E2E_BASE_URL, E2E_UPLOAD_MAX_BYTES } from './support/environment.ts';
import { uploadFixtures } from './support/upload-fixtures.ts';
import type { FilePayload } from './support/upload-fixtures.ts';

const base64 = (text: string) => Buffer.from(text).toString('base64');

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Drops files on the page the way a browser does: drag enters, the overlay takes the drop. */
async function dropFiles(page: Page, files: FilePayload[]): Promise<void> {
  const payload = files.map((file) => ({
    name: file.name,
    mimeType: file.mimeType,
    base64: file.buffer.toString('base64'),
  }));
  const dataTransfer = await page.evaluateHandle((entries) => {
    const transfer = new DataTransfer();
    for (const entry of entries) {
      const bytes = Uint8Array.from(atob(entry.base64), (character) => character.charCodeAt(0));
      transfer.items.add(new File([bytes], entry.name, { type: entry.mimeType }));
    }
    return transfer;
  }, payload);
  await page.locator('main').dispatchEvent('dragenter', { dataTransfer });
  const overlay = page.getByTestId('upload-drop-overlay');
  await expect(overlay).toBeVisible();
  await overlay.dispatchEvent('dragenter', { dataTransfer });
  await overlay.dispatchEvent('dragover', { dataTransfer });
  await overlay.dispatchEvent('drop', { dataTransfer });
  await expect(overlay).toBeHidden();
}

async function chooseFiles(page: Page, buttonName: RegExp, files: FilePayload[]): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: buttonName }).first().click();
  await (await chooser).setFiles(files);
}

const progressRow = (page: Page, name: string) =>
  page.getByTestId('upload-progress').filter({ hasText: name });
const listItem = (page: Page, name: string) =>
  page.getByTestId('upload-item').filter({ has: page.getByRole('link', { name, exact: true }) });

/** The file the Download button gives, and its SHA-256. */
async function downloadFromDetail(page: Page, buttonName: RegExp): Promise<string> {
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: buttonName }).click();
  const file = await (await download).path();
  return sha256(await readFile(file));
}

async function searchInbox(page: Page, word: string): Promise<void> {
  await page.goto('/inbox');
  const box = page.getByRole('searchbox').first();
  await box.fill(word);
  await box.press('Enter');
}

test('drop a PDF and a photo of a letter: progress, thumbnails, found by their words, previewed, downloaded unchanged', async ({
  page,
  user,
}) => {
  test.setTimeout(360_000);
  const { pdf, photo } = await uploadFixtures();
  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.goto('/uploads');
  await expect(page.getByRole('heading', { level: 2, name: 'No uploads yet' })).toBeVisible();
  await expect(page.getByTestId('upload-usage')).toContainText('0 B of');
  await scanWithoutHover(page);
  await screenshot(page, 'uploads-empty');

  await dropFiles(page, [pdf.file, photo.file]);
  await expect(progressRow(page, pdf.file.name)).toBeVisible();
  await expect(progressRow(page, photo.file.name)).toBeVisible();
  await expect(progressRow(page, pdf.file.name)).toHaveAttribute('data-status', 'done', {
    timeout: 20_000,
  });
  await expect(progressRow(page, photo.file.name)).toHaveAttribute('data-status', 'done', {
    timeout: 20_000,
  });
  await expect(progressRow(page, pdf.file.name)).toContainText('Uploaded');

  // Listed, and (once Kuvert has read them) with a picture of the page and of the photo.
  for (const fixture of [pdf, photo]) {
    const item = listItem(page, fixture.file.name);
    await expect(item).toBeVisible();
    await expect(item.getByTestId('upload-thumbnail')).toBeVisible({ timeout: 60_000 });
  }
  await expect(listItem(page, photo.file.name)).not.toContainText('Recognising text', {
    timeout: 60_000,
  });
  await scanWithoutHover(page);
  await screenshot(page, 'uploads-grid');
  // By keyboard: the view is a radio group.
  await page.getByRole('radio', { name: 'Grid' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('list', { name: 'Uploads' })).toHaveAttribute('data-view', 'list');
  await screenshot(page, 'uploads-list');
  // The choice is remembered.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Uploads' })).toHaveAttribute('data-view', 'list');

  // Sort and filter live in the URL.
  await page.getByLabel('Type').selectOption('image');
  await expect(page).toHaveURL(/kind=image/);
  await expect(listItem(page, pdf.file.name)).toHaveCount(0);
  await expect(listItem(page, photo.file.name)).toBeVisible();
  await page.getByLabel('Type').selectOption('');
  await page.getByLabel('Name', { exact: true }).fill('vertr');
  await expect(page).toHaveURL(/name=vertr/);
  await expect(listItem(page, photo.file.name)).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear name' }).click();
  await expect(listItem(page, photo.file.name)).toBeVisible();

  // The search box finds a word that is only in the photo (read by OCR) and one only in the PDF.
  await searchInbox(page, photo.onlyWord);
  await expect(page.getByRole('link', { name: new RegExp(photo.file.name) })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(pdf.file.name) })).toHaveCount(0);
  await searchInbox(page, pdf.onlyWord);
  await expect(page.getByRole('link', { name: new RegExp(pdf.file.name) })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(photo.file.name) })).toHaveCount(0);

  // The PDF in the viewer, its text, its facts; the download is the same bytes.
  await page.goto('/uploads');
  await listItem(page, pdf.file.name).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: pdf.file.name })).toBeVisible();
  await expect(page.getByTestId('pdf-page-status')).toHaveText(/Page 1 of \d+/, {
    timeout: 20_000,
  });
  await expect(page.getByTestId('upload-sha256')).toHaveText(sha256(pdf.file.buffer));
  await page.getByRole('button', { name: 'Show text' }).click();
  await expect(page.getByLabel(`Text of ${pdf.file.name}`)).toContainText(pdf.onlyWord);
  await expect(page.getByTestId('upload-text-status')).toHaveText("From the PDF's text layer");
  expect(await downloadFromDetail(page, /^Download$/)).toBe(sha256(pdf.file.buffer));
  await scanWithoutHover(page);
  await screenshot(page, 'upload-pdf');

  // The photo with zoom, and the words recognised in it.
  await page.goto('/uploads');
  await listItem(page, photo.file.name).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: photo.file.name })).toBeVisible();
  const picture = page.getByRole('img', { name: photo.file.name });
  await expect(picture).toBeVisible();
  await page.getByRole('button', { name: '100%' }).click();
  await expect(page.getByTestId('image-zoom')).toHaveText('100%');
  await page.getByRole('region', { name: `Image: ${photo.file.name}` }).press('+');
  await expect(page.getByTestId('image-zoom')).toHaveText('150%');
  await page.getByRole('button', { name: 'Fit' }).click();
  await expect(page.getByTestId('upload-text-status')).toHaveText('Recognised in the image (OCR)');
  await page.getByRole('button', { name: 'Show text' }).click();
  await expect(page.getByLabel(`Text of ${photo.file.name}`)).toContainText(photo.onlyWord);
  expect(await downloadFromDetail(page, /^Download$/)).toBe(sha256(photo.file.buffer));
  await scanWithoutHover(page);
  await screenshot(page, 'upload-photo');

  // Renamed, trashed with an undo, and restored from the notice.
  await page.getByRole('button', { name: 'Rename' }).click();
  const nameField = page.getByRole('dialog').getByLabel('Name');
  await nameField.fill('   ');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog')).toContainText('Please fill in this field.');
  await nameField.fill('Brief vom Amt.png');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Brief vom Amt.png' })).toBeVisible();
  const detailUrl = page.url();
  await page.getByRole('button', { name: 'Move to trash' }).click();
  await expect(page).toHaveURL(/\/uploads$/);
  await expect(listItem(page, 'Brief vom Amt.png')).toHaveCount(0);
  // Its page still opens, and says where it is.
  await page.goto(detailUrl);
  await expect(page.getByText('This upload is in the trash')).toBeVisible();
  await page.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('This upload is in the trash')).toHaveCount(0);

  // Several at once: select all, then trash with an undo.
  await page.goto('/uploads');
  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await expect(page.getByText('2 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Move to trash' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'No uploads yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByTestId('upload-item')).toHaveCount(2);

  // An id of nothing (or of another account) is the app's not-found page.
  await page.goto('/uploads/no-such-upload');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

test('refused files are named, and an upload cut off mid-way resumes and completes', async ({
  page,
  user,
}) => {
  test.setTimeout(240_000);
  const { htmlAsPdf, oversized, longText } = await uploadFixtures();
  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.goto('/uploads');
  await expect(page.getByTestId('upload-usage')).toContainText('0 B of');

  await chooseFiles(page, /Upload files/, [htmlAsPdf, oversized]);
  await expect(progressRow(page, htmlAsPdf.name)).toHaveAttribute('data-status', 'failed');
  await expect(progressRow(page, htmlAsPdf.name)).toContainText(
    `“${htmlAsPdf.name}”: This file type is not supported.`,
  );
  await expect(progressRow(page, oversized.name)).toContainText(
    `“${oversized.name}”: The file is too large.`,
  );
  expect(oversized.buffer.length).toBeGreaterThan(E2E_UPLOAD_MAX_BYTES);

  // The second chunk's connection drops once; the upload says so, then carries on by itself.
  let patches = 0;
  let isDropped = false;
  const resumeHeld = Promise.withResolvers<void>();
  await page.route('**/api/uploads/tus/**', async (route) => {
    const method = route.request().method();
    if (method === 'PATCH') patches += 1;
    if (method === 'PATCH' && patches === 2 && !isDropped) {
      isDropped = true;
      await route.abort('connectionreset');
      return;
    }
    if (method === 'HEAD' && isDropped) await resumeHeld.promise;
    await route.continue();
  });
  await chooseFiles(page, /Upload files/, [longText]);
  const row = progressRow(page, longText.name);
  await expect(row).toHaveAttribute('data-status', 'waiting', { timeout: 20_000 });
  await expect(row).toContainText('Connection lost, trying again…');
  await screenshot(page, 'uploads-connection-lost');
  resumeHeld.resolve();
  await expect(row).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  expect(isDropped).toBe(true);
  await page.unroute('**/api/uploads/tus/**');
  await scanWithoutHover(page);
  await screenshot(page, 'uploads-refused-and-resumed');

  await listItem(page, longText.name).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: longText.name })).toBeVisible();
  // 9 MB of text: the page shows its beginning and says where the rest is.
  await expect(
    page
      .getByText('Showing the first 100,000 characters. Download the file to read all of it.')
      .first(),
  ).toBeVisible();
  await expect(page.getByTestId('upload-sha256')).toHaveText(sha256(longText.buffer));
  expect(await downloadFromDetail(page, /^Download$/)).toBe(sha256(longText.buffer));
});

test('an upload stopped by a reload is offered again and continues where it stopped', async ({
  page,
  user,
}) => {
  test.setTimeout(240_000);
  const { longText } = await uploadFixtures();
  // A file on disk: choosing it again gives the same file (name, size, date) to continue.
  const folder = await mkdtemp(path.join(tmpdir(), 'kuvert-upload-'));
  const filePath = path.join(folder, 'akte.txt');
  await writeFile(filePath, longText.buffer);
  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.goto('/uploads');

  // The second chunk never arrives: the page is reloaded while it is on its way.
  const patchOffsets: string[] = [];
  await page.route('**/api/uploads/tus/**', async (route) => {
    if (route.request().method() === 'PATCH') {
      patchOffsets.push(route.request().headers()['upload-offset'] ?? '');
      if (patchOffsets.length === 2) return;
    }
    await route.continue();
  });
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload files' }).click();
  await (await chooser).setFiles(filePath);
  await expect.poll(() => patchOffsets.length).toBe(2);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.reload();

  const notice = page.getByRole('alert').filter({ hasText: 'An upload did not finish' });
  await expect(notice).toContainText('akte.txt');
  await expect(notice).toContainText('8 MB of 9 MB');
  await scanWithoutHover(page);
  await screenshot(page, 'uploads-unfinished');
  const again = page.waitForEvent('filechooser');
  await notice.getByRole('button', { name: 'Choose file to resume' }).click();
  await (await again).setFiles(filePath);
  await expect(progressRow(page, 'akte.txt')).toHaveAttribute('data-status', 'done', {
    timeout: 30_000,
  });
  await expect(notice).toHaveCount(0);
  // Only the rest went up: one more chunk, from where the server had stopped.
  expect(patchOffsets.slice(2)).toEqual([String(8 * 1024 * 1024)]);
  await listItem(page, 'akte.txt').getByRole('link').click();
  await expect(page.getByTestId('upload-sha256')).toHaveText(sha256(longText.buffer));
});

test('an upload can be paused, resumed and cancelled', async ({ page, user }) => {
  test.setTimeout(180_000);
  const { longText } = await uploadFixtures();
  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.goto('/uploads');

  // The second chunk waits until the test lets it through, so there is time to press buttons.
  let patches = 0;
  const held = Promise.withResolvers<void>();
  await page.route('**/api/uploads/tus/**', async (route) => {
    if (route.request().method() === 'PATCH') {
      patches += 1;
      if (patches === 2) await held.promise;
    }
    // A request the page gave up on (paused) cannot be continued any more.
    await route.continue().catch(() => {});
  });
  await chooseFiles(page, /Upload files/, [longText]);
  const row = progressRow(page, longText.name);
  await expect.poll(() => patches).toBe(2);
  await row.getByRole('button', { name: `Pause upload of ${longText.name}` }).click();
  await expect(row).toHaveAttribute('data-status', 'paused');
  await expect(row).toContainText('Paused');
  held.resolve();
  await row.getByRole('button', { name: `Resume upload of ${longText.name}` }).click();
  await expect(row).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(listItem(page, longText.name)).toBeVisible();

  // Cancelled mid-way: gone from the panel, and the server gives its room back.
  const second = { ...longText, name: 'entwurf.txt' };
  patches = 0;
  const heldAgain = Promise.withResolvers<void>();
  await page.unroute('**/api/uploads/tus/**');
  await page.route('**/api/uploads/tus/**', async (route) => {
    if (route.request().method() === 'PATCH') {
      patches += 1;
      if (patches === 2) await heldAgain.promise;
    }
    await route.continue().catch(() => {});
  });
  await chooseFiles(page, /Upload files/, [second]);
  await expect.poll(() => patches).toBe(2);
  const usage = page.getByTestId('upload-usage');
  await progressRow(page, second.name)
    .getByRole('button', { name: `Cancel upload of ${second.name}` })
    .click();
  heldAgain.resolve();
  await expect(progressRow(page, second.name)).toHaveCount(0);
  await expect(usage).toContainText('9 MB of');
  await expect(listItem(page, second.name)).toHaveCount(0);
  // Nothing of it is left to continue after a reload either.
  await page.reload();
  await expect(listItem(page, longText.name)).toBeVisible();
  await expect(usage).toContainText('9 MB of');
  await expect(page.getByText('An upload did not finish')).toHaveCount(0);
});

test('an upload waits while the browser is offline and goes on when it is back', async ({
  page,
  context,
  user,
}) => {
  test.setTimeout(180_000);
  const { longText } = await uploadFixtures();
  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.goto('/uploads');
  let patches = 0;
  const held = Promise.withResolvers<void>();
  await page.route('**/api/uploads/tus/**', async (route) => {
    if (route.request().method() === 'PATCH') {
      patches += 1;
      if (patches === 2) await held.promise;
    }
    await route.continue().catch(() => {});
  });
  await chooseFiles(page, /Upload files/, [longText]);
  await expect.poll(() => patches).toBe(2);
  await context.setOffline(true);
  held.resolve();
  const row = progressRow(page, longText.name);
  await expect(row).toHaveAttribute('data-status', 'waiting');
  await expect(row).toContainText('No connection: it goes on when you are back online');
  await context.setOffline(false);
  await expect(row).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(listItem(page, longText.name)).toBeVisible();
});

test('a CSV shows as a table, read with the encoding and delimiter Kuvert detected, both changeable', async ({
  page,
  user,
}) => {
  test.setTimeout(180_000);
  const { addresses } = await uploadFixtures();
  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.goto('/uploads');
  await chooseFiles(page, /Upload files/, [addresses]);
  await expect(progressRow(page, addresses.name)).toHaveAttribute('data-status', 'done', {
    timeout: 20_000,
  });
  await listItem(page, addresses.name).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: addresses.name })).toBeVisible();
  const table = page.getByRole('table', { name: `Table of ${addresses.name}` });
  await expect(table.getByRole('columnheader', { name: 'Straße', exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Köln', exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: '12,50 €', exact: true })).toBeVisible();
  const encoding = page.getByLabel('Encoding');
  const delimiter = page.getByLabel('Delimiter');
  await expect(encoding).toHaveValue('windows-1252');
  await expect(encoding.locator('option:checked')).toHaveText('Windows-1252 (Latin-1) (detected)');
  await expect(delimiter).toHaveValue(';');
  await expect(delimiter.locator('option:checked')).toHaveText('Semicolon (;) (detected)');
  await scanWithoutHover(page);
  await screenshot(page, 'upload-csv');

  // Read as commas, the rows are no longer split at the semicolons.
  await delimiter.selectOption(',');
  await expect(table.getByRole('cell', { name: 'Köln', exact: true })).toHaveCount(0);
  await expect(table.getByRole('columnheader', { name: /Anrede;Vorname/ })).toBeVisible();
  await delimiter.selectOption(';');
  // Read as UTF-8, the umlauts of Windows-1252 are not umlauts.
  await encoding.selectOption('utf-8');
  await expect(table.getByRole('cell', { name: 'Köln', exact: true })).toHaveCount(0);
  await encoding.selectOption('windows-1252');
  await expect(table.getByRole('cell', { name: 'Köln', exact: true })).toBeVisible();
});

test('in German at phone width: upload, refusals named, list and preview', async ({
  page,
  user,
}) => {
  test.setTimeout(240_000);
  const { photo, htmlAsPdf } = await uploadFixtures();
  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.getByRole('banner').getByLabel('Language').selectOption('de');
  await expect(page.getByRole('heading', { level: 1, name: 'Start' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/uploads');
  await expect(page.getByRole('heading', { level: 2, name: 'Noch keine Uploads' })).toBeVisible();

  await chooseFiles(page, /Dateien hochladen/, [photo.file, htmlAsPdf]);
  await expect(progressRow(page, htmlAsPdf.name)).toContainText(
    `„${htmlAsPdf.name}“: Dieser Dateityp wird nicht unterstützt.`,
  );
  await expect(progressRow(page, photo.file.name)).toHaveAttribute('data-status', 'done', {
    timeout: 20_000,
  });
  await expect(progressRow(page, photo.file.name)).toContainText('Hochgeladen');
  await expect(listItem(page, photo.file.name)).toBeVisible();
  await scanWithoutHover(page);
  await page.screenshot({ path: '/tmp/shots/uploads-de-390.png', fullPage: true });

  await listItem(page, photo.file.name).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: photo.file.name })).toBeVisible();
  await expect(page.getByRole('img', { name: photo.file.name })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Herunterladen' })).toBeVisible();
  await expect(page.getByText('Details')).toBeVisible();
  await scanWithoutHover(page);
  await page.screenshot({ path: '/tmp/shots/upload-de-390.png', fullPage: true });

  // Dark, following the device: readable (axe checks the contrast) on both pages.
  await page.emulateMedia({ colorScheme: 'dark' });
  await scanWithoutHover(page);
  await page.screenshot({ path: '/tmp/shots/upload-de-dark-390.png', fullPage: true });
  await page.goto('/uploads');
  await expect(listItem(page, photo.file.name)).toBeVisible();
  await scanWithoutHover(page);
  await page.screenshot({ path: '/tmp/shots/uploads-de-dark-390.png', fullPage: true });
});

test('an upload begun on another device shows as in progress, holding its room, and is cancelled from the list', async ({
  page,
  user,
}) => {
  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.goto('/uploads');
  await expect(page.getByRole('heading', { level: 2, name: 'No uploads yet' })).toBeVisible();

  // Another device announces a 5 MB file (tus creation) and then sends nothing.
  const stored = await page.evaluate(() => ({
    csrfToken: localStorage.getItem('kuvert.csrfToken') ?? '',
    accountId: localStorage.getItem('kuvert.selectedAccount') ?? '',
  }));
  const created = await page.request.post(`${E2E_BASE_URL}/api/uploads/tus`, {
    headers: {
      'x-csrf-token': stored.csrfToken,
      'tus-resumable': '1.0.0',
      'upload-length': String(5 * 1024 * 1024),
      'upload-metadata': `filename ${base64('scan-vom-handy.pdf')},account_id ${base64(stored.accountId)}`,
    },
  });
  expect(created.status()).toBe(201);

  const section = page.getByRole('region', { name: 'In progress' });
  await expect(section).toBeVisible();
  const item = section.getByTestId('upload-in-progress');
  await expect(item).toContainText('scan-vom-handy.pdf');
  await expect(item).toContainText('0 B of 5 MB');
  await expect(item).toContainText(`started by ${user.firstName} Mustermann`);
  await expect(
    item.getByRole('progressbar', { name: 'Received of scan-vom-handy.pdf' }),
  ).toHaveAttribute('aria-valuenow', '0');
  await expect(page.getByTestId('upload-usage')).toContainText('5 MB of');
  await scanWithoutHover(page);
  await screenshot(page, 'uploads-in-progress');

  await section.getByRole('button', { name: 'Cancel the upload of scan-vom-handy.pdf' }).click();
  await expect(page.getByText('The upload of scan-vom-handy.pdf was cancelled.')).toBeVisible();
  await expect(section).toHaveCount(0);
  await expect(page.getByTestId('upload-usage')).toContainText('0 B of');
  // The other device finds it gone.
  const head = await page.request.head(`${E2E_BASE_URL}${created.headers()['location']}`, {
    headers: { 'tus-resumable': '1.0.0' },
  });
  expect(head.status()).toBe(404);
});
