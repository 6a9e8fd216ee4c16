import type { Locator, Page } from '@playwright/test';
import { expect, logIn, test } from './support/fixtures.ts';
import { scanWithoutHover, screenshot } from './support/page-checks.ts';
import {
  createProvider,
  deliverLetter,
  makePdf,
  NO_WEBHOOK,
  uniqueWord,
} from './support/provider.ts';
import { uploadFixtures } from './support/upload-fixtures.ts';

/** Issue 13: case files, their timeline and their items. */

const fileCard = (page: Page, title: string) =>
  page
    .getByRole('list', { name: /^(Files|Akten)$/u })
    .getByRole('article')
    .filter({
      has: page.getByRole('link', { name: title, exact: true }),
    });

const timelineEntry = (page: Page, title: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });

const monthHeadings = (page: Page) =>
  page.getByRole('region', { name: /^(Timeline|Zeitleiste)$/u }).getByRole('heading', { level: 3 });

async function createFile(page: Page, title: string, description: string, color: string) {
  await page.goto('/files/create');
  const form = page.getByRole('form');
  await form.getByRole('textbox', { name: /^(Title|Titel)/u }).fill(title);
  await form.getByRole('textbox', { name: /^(Description|Beschreibung)/u }).fill(description);
  await form.getByRole('radio', { name: color }).check();
  await form.getByRole('button', { name: /^(Create file|Akte anlegen)$/u }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

/** Fills the item form's title, date and notes. */
async function fillItem(form: Locator, title: string, date: string, notes: string) {
  await form.getByRole('textbox', { name: /^(Title|Titel)/u }).fill(title);
  await form.getByLabel(/^(Date|Datum)/u).fill(date);
  await form.getByRole('textbox', { name: /^(Notes|Notizen)/u }).fill(notes);
}

test('a file with a timeline: an item with notes, an upload and a letter, edited, moved, and the file trashed and restored', async ({
  page,
  user,
}) => {
  test.setTimeout(300_000);
  const provider = await createProvider(`Finanzamt ${uniqueWord()}`, NO_WEBHOOK);
  const word = uniqueWord();
  const subject = `Notice of assessment ${word}`;
  await deliverLetter(provider, {
    recipientEmail: user.email,
    subject,
    pdf: await makePdf([['Notice of assessment 2026']]),
  });
  const { pdf } = await uploadFixtures();

  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.getByRole('navigation').getByRole('link', { name: 'Files' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'No files yet' })).toBeVisible();
  await scanWithoutHover(page);
  await screenshot(page, 'files-empty');

  // A title is required; nothing else typed is lost.
  await page.getByRole('link', { name: 'Create your first file' }).click();
  const createForm = page.getByRole('form', { name: 'Create file' });
  await createForm.getByRole('textbox', { name: /^Description/u }).fill('Everything for the move.');
  await createForm.getByRole('button', { name: 'Create file' }).click();
  await expect(createForm.getByRole('textbox', { name: /^Title/u })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(createForm).toContainText('Please fill in this field.');
  await expect(createForm.getByRole('textbox', { name: /^Description/u })).toHaveValue(
    'Everything for the move.',
  );
  await createForm.getByRole('textbox', { name: /^Title/u }).fill('Flat move');
  await createForm.getByRole('radio', { name: 'Orange' }).check();
  await scanWithoutHover(page);
  await createForm.getByRole('button', { name: 'Create file' }).click();
  await expect(page.getByText('File “Flat move” created.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Flat move' })).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: 'Nothing in this file yet' }),
  ).toBeVisible();

  await createFile(
    page,
    'Tax return 2026',
    'Income tax with the Finanzamt.\nTax ID 12/345/67890',
    'Teal',
  );
  const fileUrl = page.url();

  // An item with notes, a document from the computer and a letter received.
  await page.getByRole('link', { name: 'Add item' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'New item' })).toBeVisible();
  const itemForm = page.getByRole('form', { name: 'Add item' });
  await expect(itemForm.getByLabel(/^Date/u)).not.toHaveValue('');
  await fillItem(
    itemForm,
    'Notice received',
    '2026-03-12',
    'Arrived on Thursday.\nObjection by 12 April.',
  );
  const chooser = page.waitForEvent('filechooser');
  await itemForm.getByRole('button', { name: 'From your computer' }).click();
  await (await chooser).setFiles(pdf.file);
  const attachments = itemForm.getByRole('list', { name: 'Chosen attachments' });
  await expect(
    attachments.getByRole('button', { name: `Remove attachment ${pdf.file.name}` }),
  ).toBeVisible({ timeout: 30_000 });
  await itemForm.getByRole('button', { name: 'Link letters' }).click();
  const picker = page.getByRole('dialog', { name: 'Link letters' });
  await picker.getByRole('searchbox', { name: 'Search your letters' }).fill(word);
  await picker.getByRole('checkbox', { name: subject }).check();
  await scanWithoutHover(page);
  await screenshot(page, 'file-letter-picker', picker);
  await picker.getByRole('button', { name: 'Link 1 letter' }).click();
  await expect(itemForm.getByRole('list', { name: 'Linked letters' })).toContainText(subject);
  await scanWithoutHover(page);
  await screenshot(page, 'file-item-form');

  // Leaving with unsaved changes asks first.
  await page
    .getByRole('navigation', { name: 'Where you are' })
    .getByRole('link', { name: 'Files' })
    .click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await leave.getByRole('button', { name: 'Stay and keep editing' }).click();
  await expect(itemForm.getByRole('textbox', { name: /^Title/u })).toHaveValue('Notice received');

  await itemForm.getByRole('button', { name: 'Add item' }).click();
  await expect(page.getByText('“Notice received” added to “Tax return 2026”.')).toBeVisible();
  await expect(page).toHaveURL(fileUrl);

  // A second, older item: the timeline is newest first, a heading per month.
  await page.getByRole('link', { name: 'Add item' }).first().click();
  await fillItem(
    page.getByRole('form', { name: 'Add item' }),
    'Documents requested',
    '2026-02-03',
    '',
  );
  await page
    .getByRole('form', { name: 'Add item' })
    .getByRole('button', { name: 'Add item' })
    .click();
  await expect(monthHeadings(page)).toHaveText(['March 2026', 'February 2026']);
  const entry = timelineEntry(page, 'Notice received');
  await expect(entry).toContainText('Arrived on Thursday.');
  await expect(entry.getByRole('link', { name: subject })).toHaveAttribute('href', /^\/inbox\//u);
  await expect(entry.getByRole('link', { name: pdf.file.name })).toHaveAttribute(
    'href',
    /^\/uploads\//u,
  );
  await expect(page.getByText('2 items').first()).toBeVisible();
  await scanWithoutHover(page);
  await screenshot(page, 'file-timeline');

  // The item: notes with their line breaks, the letter and the attachment.
  await entry.getByRole('link', { name: 'Notice received' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notice received' })).toBeVisible();
  await expect(page.getByText('Thursday, March 12, 2026')).toBeVisible();
  const notes = page.getByRole('region', { name: 'Notes' });
  expect(await notes.innerText()).toContain('Arrived on Thursday.\nObjection by 12 April.');
  await expect(
    page.getByRole('region', { name: 'Letters' }).getByRole('link', { name: subject }),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Attachments' }).getByRole('link', { name: pdf.file.name }),
  ).toBeVisible();
  await scanWithoutHover(page);
  await screenshot(page, 'file-item');

  // Edited in place.
  await page.getByRole('button', { name: 'Edit' }).click();
  const editForm = page.getByRole('form', { name: 'Save changes' });
  await editForm.getByRole('textbox', { name: /^Title/u }).fill('Notice of assessment received');
  await editForm.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Changes to “Notice of assessment received” saved.')).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Notice of assessment received' }),
  ).toBeVisible();

  // Moved to the other file.
  await page.getByRole('button', { name: 'Move to another file' }).click();
  const move = page.getByRole('dialog', { name: 'Move to another file' });
  await move.getByRole('radio', { name: /Flat move/u }).check();
  await scanWithoutHover(page);
  await screenshot(page, 'file-item-move', move);
  await move.getByRole('button', { name: 'Move to “Flat move”' }).click();
  await expect(
    page.getByText('“Notice of assessment received” moved to “Flat move”.'),
  ).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Where you are' });
  await expect(crumbs.getByRole('link', { name: 'Flat move' })).toBeVisible();
  await crumbs.getByRole('link', { name: 'Files' }).click();
  await expect(fileCard(page, 'Flat move')).toContainText('1 item');
  await expect(fileCard(page, 'Tax return 2026')).toContainText('1 item');
  await expect(fileCard(page, 'Tax return 2026')).toContainText(/Updated (now|\d+ minutes? ago)/u);

  // Search and order live in the address.
  await page.getByRole('searchbox', { name: 'Search files' }).fill('finanzamt');
  await expect(page).toHaveURL(/\?q=finanzamt/u);
  await expect(page.getByRole('list', { name: 'Files' }).getByRole('article')).toHaveCount(1);
  await page.getByRole('searchbox', { name: 'Search files' }).fill('');
  await expect(page.getByRole('list', { name: 'Files' }).getByRole('article')).toHaveCount(2);
  await page.getByLabel('Sort by').selectOption('title');
  await expect(page).toHaveURL(/sort=title/u);
  await expect(page.getByRole('list', { name: 'Files' }).getByRole('heading')).toHaveText([
    'Flat move',
    'Tax return 2026',
  ]);
  await scanWithoutHover(page);
  await screenshot(page, 'files-list');

  // The file goes to the trash with its item, and comes back whole with Undo.
  await fileCard(page, 'Tax return 2026').getByRole('link').click();
  await page.getByRole('button', { name: 'Move to trash' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Move to trash' }).click();
  await expect(page.getByText('“Tax return 2026” and its item moved to the trash.')).toBeVisible();
  await expect(page).toHaveURL(/\/files(\?.*)?$/u);
  await expect(fileCard(page, 'Tax return 2026')).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('“Tax return 2026” is back, with its items.')).toBeVisible();
  await fileCard(page, 'Tax return 2026').getByRole('link').click();
  await expect(timelineEntry(page, 'Documents requested')).toBeVisible();
  await expect(monthHeadings(page)).toHaveText(['February 2026']);
});

test('auf Deutsch am Telefon: Akte anlegen, Eintrag mit Notizen, Zeitleiste nach Monaten', async ({
  page,
  user,
}) => {
  test.setTimeout(180_000);
  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/profile') && response.request().method() === 'PATCH',
  );
  await page.getByRole('banner').getByLabel('Language').selectOption('de');
  expect((await saved).status()).toBe(200);
  await page.setViewportSize({ width: 390, height: 844 });

  await page.goto('/files');
  await expect(page.getByRole('heading', { level: 2, name: 'Noch keine Akten' })).toBeVisible();
  await scanWithoutHover(page);
  await page.getByRole('link', { name: 'Erste Akte anlegen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Neue Akte' })).toBeVisible();
  await scanWithoutHover(page);
  await createFile(page, 'Umzug nach Leipzig', 'Kündigung, Übergabe, Ummeldung.', 'Violett');

  await page.getByRole('link', { name: 'Eintrag hinzufügen' }).first().click();
  const form = page.getByRole('form', { name: 'Eintrag hinzufügen' });
  await form.getByRole('button', { name: 'Eintrag hinzufügen' }).click();
  await expect(form).toContainText('Bitte füllen Sie dieses Feld aus.');
  await fillItem(form, 'Wohnungsübergabe', '2026-10-05', 'Zählerstände notiert.\nSchlüssel: 3');
  await scanWithoutHover(page);
  await form.getByRole('button', { name: 'Eintrag hinzufügen' }).click();
  await expect(
    page.getByText('„Wohnungsübergabe“ zu „Umzug nach Leipzig“ hinzugefügt.'),
  ).toBeVisible();
  await expect(monthHeadings(page)).toHaveText(['Oktober 2026']);
  await expect(timelineEntry(page, 'Wohnungsübergabe')).toContainText('Zählerstände notiert.');
  await expect(page.getByText('1 Eintrag').first()).toBeVisible();
  await scanWithoutHover(page);
  await screenshot(page, 'file-timeline-de');

  await timelineEntry(page, 'Wohnungsübergabe')
    .getByRole('link', { name: 'Wohnungsübergabe' })
    .click();
  await expect(page.getByText('Montag, 5. Oktober 2026')).toBeVisible();
  await scanWithoutHover(page);
  await screenshot(page, 'file-item-de');

  // The item goes to the trash and comes back with Undo; on a phone, from the "More" menu.
  await page.getByRole('button', { name: 'Mehr' }).click();
  await page.getByRole('menuitem', { name: 'In den Papierkorb' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'In den Papierkorb' }).click();
  await expect(page.getByText('„Wohnungsübergabe“ liegt im Papierkorb.')).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: 'Noch nichts in dieser Akte' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Rückgängig' }).click();
  await expect(page.getByText('„Wohnungsübergabe“ ist wieder in seiner Akte.')).toBeVisible();
  await expect(timelineEntry(page, 'Wohnungsübergabe')).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Sie sind hier' })
    .getByRole('link', { name: 'Akten' })
    .click();
  await expect(fileCard(page, 'Umzug nach Leipzig')).toContainText('1 Eintrag');
  await scanWithoutHover(page);
  await screenshot(page, 'files-list-de');
});
