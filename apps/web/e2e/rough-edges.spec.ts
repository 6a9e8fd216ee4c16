import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, logIn, test } from './support/fixtures.ts';
import { scanWithoutHover, screenshot } from './support/page-checks.ts';
import {
  createProvider,
  deliverLetter,
  makePdf,
  startWebhookReceiver,
  uniqueWord,
} from './support/provider.ts';
import type { TestUser } from './support/users.ts';

/** Issue 8, item 6: the rough edges, each in the language it was found in. */

const shot = (page: Page, name: string, part?: Parameters<typeof screenshot>[2]) =>
  screenshot(page, `edges/${name}`, part);

/** German picked on the login page: the person who logs in next takes it into their profile. */
async function inGerman(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Language').selectOption('de');
  await expect(page.getByRole('heading', { level: 1, name: 'Bei Kuvert anmelden' })).toBeVisible();
}

// One webhook endpoint for the file: it must outlive each test's deliveries (read receipts).
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
test.afterAll(() => receiver.close());

async function deliverTo(user: TestUser, subject: string): Promise<string> {
  const provider = await createProvider(`Stadtwerke ${uniqueWord()}`, receiver.url);
  return deliverLetter(provider, {
    recipientEmail: user.email,
    subject,
    body: 'Dear customer,\nplease find your documents attached.',
    pdf: await makePdf([['Stadtwerke', subject]]),
  });
}

const english = { folderName: 'Folder name', createFolder: 'Create folder', folders: 'Folders' };
const german = { folderName: 'Ordnername', createFolder: 'Ordner anlegen', folders: 'Ordner' };

/**
 * An open menu lives in a portal outside the page's landmarks (axe's page-level "region" rule);
 * the menu itself is scanned with every other rule.
 */
async function expectAccessibleMenu(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .include('[role="menu"]')
    .setLegacyMode(true)
    .analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
}

/** Through the form, as a user would; answers when the folder list shows the new folder. */
async function createFolder(page: Page, name: string, labels = english): Promise<void> {
  await page.goto('/folders/add');
  await page.getByRole('textbox', { name: labels.folderName }).fill(name);
  await page.getByRole('button', { name: labels.createFolder }).click();
  await expect(page.getByRole('heading', { level: 1, name: labels.folders })).toBeVisible();
}

test('folder names say their limit, long ones stay inside the Move menu', async ({
  page,
  user,
}) => {
  test.setTimeout(300_000);
  const subject = `Meter reading ${uniqueWord()}`;
  await deliverTo(user, subject);
  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();

  // The limit is said before and when it is passed; nothing is cut off silently.
  await page.goto('/folders/add');
  const name = page.getByRole('textbox', { name: 'Folder name' });
  await expect(page.getByText('0 of 60 characters')).toBeVisible();
  const longName = `Insurance contracts and correspondence of the household ${'x'.repeat(6)}`;
  await name.fill(longName);
  expect(await name.inputValue()).toBe(longName);
  await expect(page.getByText(`${longName.length} of 60 characters`)).toBeVisible();
  await expect(page.getByText('Please enter at most 60 characters.')).toBeVisible();
  await page.getByRole('button', { name: 'Create folder' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New folder' })).toBeVisible();
  await scanWithoutHover(page);
  await shot(page, 'folder-name-limit');

  const sixty = longName.slice(0, 60);
  await name.fill(sixty);
  await expect(page.getByText('Please enter at most 60 characters.')).toBeHidden();
  await page.getByRole('button', { name: 'Create folder' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Folders' })).toBeVisible();

  // The Move menu of the list: the long name ends in "…" and the menu stays narrower than
  // the list, at desktop width and on a phone.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
    await page.goto('/inbox');
    await page.getByRole('checkbox', { name: `Select: ${subject}` }).check();
    await page
      .getByRole('toolbar', { name: 'Actions for the selected letters' })
      .getByRole('button', { name: 'Move' })
      .click();
    const item = page.getByRole('menuitem', { name: sixty });
    await expect(item).toBeVisible();
    await expect(item).toHaveAttribute('title', sixty);
    const menu = page.getByRole('menu');
    const menuBox = await menu.boundingBox();
    expect(menuBox?.width ?? Infinity).toBeLessThanOrEqual(Math.min(280, width - 32) + 1);
    expect((menuBox?.x ?? -1) + (menuBox?.width ?? Infinity)).toBeLessThanOrEqual(width);
    const label = item.locator('.mantine-Menu-itemLabel');
    // Truncated: the text is wider than the room it is shown in.
    expect(await label.evaluate((node) => node.scrollWidth > node.clientWidth)).toBe(true);
    await expect(label).toHaveCSS('text-overflow', 'ellipsis');
    await page.screenshot({ path: `/tmp/shots/edges/move-menu-long-name-${width}.png` });
    await page.keyboard.press('Escape');
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page
    .getByRole('toolbar', { name: 'Actions for the selected letters' })
    .getByRole('button', { name: 'Move' })
    .click();
  await expect(page.getByRole('menu', { name: 'Move' })).toBeVisible();
  await expectAccessibleMenu(page);
  await page.keyboard.press('Escape');
  await scanWithoutHover(page);
});

test('a deleted folder goes to the trash with its letters and comes back', async ({
  page,
  user,
}) => {
  test.setTimeout(360_000);
  const subject = `Policy renewal ${uniqueWord()}`;
  await deliverTo(user, subject);
  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();

  // An empty trash cannot be emptied, and says so.
  await page.goto('/trash');
  await expect(page.getByText('The trash is empty', { exact: true })).toBeVisible();
  const emptyTrash = page.getByRole('button', { name: 'Empty trash' });
  await expect(emptyTrash).toBeDisabled();
  await emptyTrash.focus();
  await expect(page.getByRole('tooltip')).toHaveText(
    'The trash is empty: there is nothing to delete.',
  );
  await emptyTrash.blur();
  await expect(page.getByRole('tooltip')).toBeHidden();
  await scanWithoutHover(page);
  await shot(page, 'trash-empty');

  await createFolder(page, 'Insurance');
  await page.goto('/inbox');
  await page.getByRole('checkbox', { name: `Select: ${subject}` }).check();
  await page
    .getByRole('toolbar', { name: 'Actions for the selected letters' })
    .getByRole('button', { name: 'Move' })
    .click();
  await page.getByRole('menuitem', { name: 'Insurance' }).click();
  await expect(page.getByText('Letter moved.')).toBeVisible();

  // Delete the folder: it and its letter go to the trash.
  await page.goto('/folders');
  await page.getByRole('button', { name: 'Delete folder Insurance' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete “Insurance”?' });
  await expect(confirm).toContainText('go to the trash');
  await confirm.getByRole('button', { name: 'Delete folder' }).click();
  await expect(
    page.getByText('Folder “Insurance” and its letters moved to the trash.'),
  ).toBeVisible();
  const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(sidebar.getByRole('link', { name: 'Insurance' })).toBeHidden();

  // Meanwhile a new folder takes the name.
  await createFolder(page, 'Insurance');

  await sidebar.getByRole('link', { name: 'Trash', exact: true }).click();
  const trashed = page.getByRole('list', { name: 'Trash' });
  const folderRow = trashed.getByRole('listitem').filter({ hasText: 'Insurance' });
  await expect(folderRow).toContainText('Folder');
  await expect(folderRow).toContainText('with 1 letter');
  // The letter went with its folder: it is no entry of its own.
  await expect(trashed.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Empty trash' })).toBeEnabled();
  await scanWithoutHover(page);
  await shot(page, 'trash-with-folder');

  await trashed.getByRole('button', { name: 'Restore folder Insurance' }).click();
  await expect(
    page.getByText(
      'Folder restored as “Insurance (2)”, because a folder named “Insurance” exists.',
    ),
  ).toBeVisible();
  await expect(trashed).toBeHidden();
  await sidebar.getByRole('link', { name: 'Insurance (2)' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Insurance (2)' })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(subject) })).toBeVisible();

  // Deleted again and then for good: folder and letter are gone.
  await page.goto('/folders');
  await page.getByRole('button', { name: 'Delete folder Insurance (2)' }).click();
  await page
    .getByRole('dialog', { name: 'Delete “Insurance (2)”?' })
    .getByRole('button', { name: 'Delete folder' })
    .click();
  await page.goto('/trash');
  await page.getByRole('button', { name: 'Delete forever: folder Insurance (2)' }).click();
  const forever = page.getByRole('dialog', { name: 'Delete “Insurance (2)” forever?' });
  await expect(forever).toContainText('the letter that went to the trash with it');
  await forever.getByRole('button', { name: 'Delete forever' }).click();
  await expect(page.getByText('Folder “Insurance (2)” deleted for good.')).toBeVisible();
  await expect(page.getByText('The trash is empty', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Empty trash' })).toBeDisabled();
});

test('an unknown folder shows the same not-found state as an unknown letter', async ({
  page,
  user,
}) => {
  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.goto('/folders/no-such-folder');
  await expect(page.getByRole('heading', { level: 2, name: 'Folder not found' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeHidden();
  await expect(page.getByRole('alert')).toBeHidden();
  await page.getByRole('link', { name: 'Back to folders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Folders' })).toBeVisible();
  await page.goto('/folders/no-such-folder');
  await expect(page.getByRole('heading', { level: 2, name: 'Folder not found' })).toBeVisible();
  await scanWithoutHover(page);
  await shot(page, 'folder-not-found');
});

test('Ordner stehen in deutscher Sortierung: Ä bei A, nicht nach Z', async ({ page, user }) => {
  test.setTimeout(180_000);
  const subject = `Zählerstand ${uniqueWord()}`;
  await deliverTo(user, subject);
  await inGerman(page);
  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Start' })).toBeVisible();
  for (const name of ['Steuern', 'Ärzte', 'Zahnarzt', 'Auto']) {
    await createFolder(page, name, german);
  }
  const expected = ['Ärzte', 'Auto', 'Steuern', 'Zahnarzt'];

  const folderList = page.getByRole('list', { name: 'Ordner' });
  await expect(folderList.getByRole('listitem')).toHaveCount(4);
  expect(await folderList.getByRole('link').allTextContents()).toEqual(expected);

  const sidebar = page.getByRole('navigation', { name: 'Hauptnavigation' });
  const sidebarNames = async () =>
    (await sidebar.getByRole('link').allTextContents()).filter((text) => expected.includes(text));
  await expect.poll(sidebarNames).toEqual(expected);

  await page.goto('/inbox');
  await page.getByRole('checkbox', { name: `Auswählen: ${subject}` }).check();
  await page
    .getByRole('toolbar', { name: 'Aktionen für die ausgewählten Briefe' })
    .getByRole('button', { name: 'Verschieben' })
    .click();
  const items = page.getByRole('menu').getByRole('menuitem');
  await expect(items).toHaveCount(4);
  expect(await items.allTextContents()).toEqual(expected);
  await expectAccessibleMenu(page);
  await page.keyboard.press('Escape');
  await scanWithoutHover(page);
  await shot(page, 'folders-sorted-de');
});

test('der Login sagt, was fehlt, und die Sperre in Minuten', async ({ page, user }) => {
  await inGerman(page);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByText('Geben Sie Ihre E-Mail-Adresse ein.')).toBeVisible();
  await expect(page.getByText(/gültige E-Mail-Adresse/)).toBeHidden();

  await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(user.email);
  const password = page.getByRole('textbox', { name: /^passwort$/i });
  const alert = page.getByRole('alert');
  // Five wrong passwords lock the account for the rest of its 15-minute window.
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    await password.fill(`wrong password ${attempt}`);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(alert).toBeVisible();
    await expect(alert).not.toContainText('Zu viele Versuche');
  }
  await password.fill(user.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(alert).toHaveText('Zu viele Versuche. Bitte versuchen Sie es in 15 Minuten erneut.');
  await expect(alert).not.toContainText('Sekunden');
  await scanWithoutHover(page);
  await shot(page, 'login-lockout-de');
});

test('the login asks for the address when the field is empty', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Enter your e-mail address.')).toBeVisible();
  await expect(page.getByText('Please enter a valid e-mail address.')).toBeHidden();
  await page.getByLabel(/e-mail/i).fill('not-an-address');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Please enter a valid e-mail address.')).toBeVisible();
  await scanWithoutHover(page);
});

test('the reply dialog clears its message on typing and refuses a file it cannot send', async ({
  page,
  user,
}) => {
  test.setTimeout(120_000);
  const subject = `Your contract ${uniqueWord()}`;
  const letterId = await deliverTo(user, subject);
  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.goto(`/inbox/${letterId}`);
  await page.getByRole('button', { name: 'Reply' }).click();
  const dialog = page.getByRole('dialog', { name: /Reply to/ });
  const message = dialog.getByRole('textbox', { name: 'Message' });

  // A proper writing area: at least eight lines before anything is typed.
  const lineHeight = await message.evaluate((node) =>
    Number.parseFloat(getComputedStyle(node).lineHeight),
  );
  expect((await message.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(lineHeight * 8);

  await dialog.getByRole('button', { name: 'Send reply' }).click();
  await expect(dialog.getByText('Please fill in this field.')).toBeVisible();
  await message.pressSequentially('Thank you');
  await expect(dialog.getByText('Please fill in this field.')).toBeHidden();

  // A Word file is refused at once, by name, and never listed as attached.
  await dialog.locator('input[type="file"]').setInputFiles([
    { name: 'contract.docx', mimeType: 'application/msword', buffer: Buffer.from('doc') },
    {
      name: 'meter.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(await makePdf([['Meter reading 4711']])),
    },
  ]);
  await expect(dialog.getByRole('alert')).toHaveText(
    'Not attached, only PDF files and images can be sent: contract.docx',
  );
  const attachments = dialog.getByRole('list', { name: 'Attachments' });
  await expect(attachments.getByRole('listitem')).toHaveCount(1);
  await expect(attachments).toContainText('meter.pdf');
  await expect(attachments).not.toContainText('contract.docx');
  await scanWithoutHover(page);
  await shot(page, 'reply-dialog');

  await dialog.getByRole('button', { name: 'Send reply' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/Your reply to .* has been sent/)).toBeVisible();
});
