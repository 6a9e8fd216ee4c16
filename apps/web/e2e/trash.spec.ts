import type { Page } from '@playwright/test';
import { expect, logIn, test } from './support/fixtures.ts';
import { scanWithoutHover, screenshot } from './support/page-checks.ts';
import { ageStoredDocument, isDocumentStored, portalApi } from './support/portal-api.ts';
import {
  NO_WEBHOOK,
  createProvider,
  deliverLetter,
  makePdf,
  uniqueWord,
} from './support/provider.ts';
import { trashUploads, uploadThroughTus } from './support/uploads.ts';
import type { TestUser } from './support/users.ts';

/** Issue 13, item 4: a trash for everything. */

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const notification = (page: Page, type: string) =>
  page.locator(`[data-notification-type="${type}"]`);

async function deliverTo(user: TestUser, subject: string, pdf: Uint8Array): Promise<string> {
  const provider = await createProvider(`Stadtwerke ${uniqueWord()}`, NO_WEBHOOK);
  return deliverLetter(provider, { recipientEmail: user.email, subject, pdf });
}

test('one of each kind is trashed, filtered and restored to its place; emptying takes documents nobody else uses', async ({
  page,
  user,
}) => {
  test.setTimeout(240_000);
  const word = uniqueWord();
  const meterPdf = await makePdf([['Meter reading', word]]);
  const contractPdf = await makePdf([['Contract', word]]);
  const meter = await deliverTo(user, `Meter reading ${word}`, meterPdf);
  const taxNotice = await deliverTo(user, `Tax notice ${word}`, await makePdf([['Tax', word]]));
  await deliverTo(user, `Contract ${word}`, contractPdf);
  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();

  // One of each kind goes to the trash, the way each area's own page sends it.
  const api = await portalApi(page);
  const bank = await api.createFolder(`Bank ${word}`);
  const taxes = await api.createFolder(`Taxes ${word}`);
  await api.letters([meter], 'move', bank);
  await api.letters([taxNotice], 'move', taxes);
  await api.letters([meter], 'trash');
  await api.send('DELETE', `/api/folders/${taxes}`);
  const notes = Buffer.from(`Notes of ${word}`);
  const notesId = await uploadThroughTus(page, { name: `notes ${word}.txt`, buffer: notes });
  // The same bytes as a letter that stays: its file must outlive the upload.
  const copyId = await uploadThroughTus(page, {
    name: `contract copy ${word}.pdf`,
    buffer: contractPdf,
  });
  await trashUploads(page, [notesId, copyId]);
  const contact = await api.createContact({
    name: `Jana ${word}`,
    organisation: 'Stadtbibliothek Köln',
  });
  await api.send('DELETE', `/api/contacts/${contact}`);
  const flat = await api.createCaseFile(`Flat ${word}`);
  await api.createCaseFileItem(flat, `Lease ${word}`, '2026-01-10');
  await api.send('DELETE', `/api/case-files/${flat}`);
  const car = await api.createCaseFile(`Car ${word}`);
  const call = await api.createCaseFileItem(car, `Garage call ${word}`, '2026-03-02');
  await api.send('DELETE', `/api/case-files/${car}/items/${call}`);

  // Everything in one list, each saying what it is and where it goes back to.
  await mainNav(page).getByRole('link', { name: 'Trash', exact: true }).click();
  const trash = page.getByRole('list', { name: 'Trash' });
  const row = (name: string) => trash.getByRole('listitem').filter({ hasText: name });
  await expect(trash.getByRole('listitem')).toHaveCount(7);
  for (const [name, kind, origin] of [
    [`Meter reading ${word}`, 'Letter', `Was in Bank ${word}`],
    [`Taxes ${word}`, 'Folder', 'Was in Folders'],
    [`notes ${word}.txt`, 'Upload', 'Was in Uploads'],
    [`Jana ${word}`, 'Contact', 'Was in Address book'],
    [`Flat ${word}`, 'File', 'Was in Files'],
    [`Garage call ${word}`, 'File item', `Was in Car ${word}`],
  ] as const) {
    await expect(row(name)).toContainText(kind);
    await expect(row(name)).toContainText(origin);
  }
  // What went with the folder and the file is counted, not listed.
  await expect(row(`Taxes ${word}`)).toContainText('with 1 letter');
  await expect(row(`Flat ${word}`)).toContainText('with 1 item');
  await expect(row(`Tax notice ${word}`)).toHaveCount(0);
  await expect(row(`Jana ${word}`)).toContainText('Stadtbibliothek Köln');
  const filter = page.getByRole('group', { name: 'Show' });
  await expect(filter.locator('label').first()).toHaveText(/All\s*7/);
  await scanWithoutHover(page);
  await screenshot(page, 'trash-every-kind');

  // Filtered by kind, in the URL: a reload keeps it, back goes to everything.
  await filter.getByText('Folders', { exact: true }).click();
  await expect(page).toHaveURL(/\/trash\?kind=folder$/);
  await expect(trash.getByRole('listitem')).toHaveCount(1);
  await page.reload();
  await expect(row(`Taxes ${word}`)).toBeVisible();
  await expect(trash.getByRole('listitem')).toHaveCount(1);
  await page.goBack();
  await expect(trash.getByRole('listitem')).toHaveCount(7);

  // A letter comes back into its folder; the notice shows it there.
  await row(`Meter reading ${word}`)
    .getByRole('button', { name: `Restore letter Meter reading ${word}` })
    .click();
  const restored = notification(page, 'positive').filter({
    hasText: `Letter “Meter reading ${word}” is back.`,
  });
  await restored.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Bank ${word}` })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(`Meter reading ${word}`) })).toBeVisible();

  // The others together, each back in its own place.
  await mainNav(page).getByRole('link', { name: 'Trash', exact: true }).click();
  for (const [kind, name] of [
    ['folder', `Taxes ${word}`],
    ['upload', `notes ${word}.txt`],
    ['contact', `Jana ${word}`],
    ['file', `Flat ${word}`],
    ['file item', `Garage call ${word}`],
  ] as const) {
    await page.getByRole('checkbox', { name: `Select ${kind} ${name}` }).check();
  }
  await expect(page.getByText('5 selected')).toBeVisible();
  await page
    .getByRole('toolbar', { name: 'Selected things' })
    .getByRole('button', { name: 'Restore' })
    .click();
  await expect(
    notification(page, 'positive').filter({ hasText: '5 things are back where they were.' }),
  ).toBeVisible();
  await expect(trash.getByRole('listitem')).toHaveCount(1);
  await expect(row(`contract copy ${word}.pdf`)).toBeVisible();

  await mainNav(page)
    .getByRole('link', { name: `Taxes ${word}` })
    .click();
  await expect(page.getByRole('link', { name: new RegExp(`Tax notice ${word}`) })).toBeVisible();
  await mainNav(page).getByRole('link', { name: 'Uploads', exact: true }).click();
  await expect(page.getByRole('link', { name: `notes ${word}.txt`, exact: true })).toBeVisible();
  await mainNav(page).getByRole('link', { name: 'Address book', exact: true }).click();
  await expect(page.getByText(`Jana ${word}`)).toBeVisible();
  await mainNav(page).getByRole('link', { name: 'Files', exact: true }).click();
  const files = page.getByRole('list', { name: 'Files' });
  await files.getByRole('link', { name: `Flat ${word}`, exact: true }).click();
  await expect(page.getByRole('heading', { name: `Lease ${word}` })).toBeVisible();
  await page.goBack();
  await files.getByRole('link', { name: `Car ${word}`, exact: true }).click();
  await expect(page.getByRole('heading', { name: `Garage call ${word}` })).toBeVisible();

  // Emptying takes what nobody else uses: the letter's own PDF and the notes go, the PDF the
  // kept letter shares with the trashed copy stays.
  await api.letters([meter], 'trash');
  await trashUploads(page, [notesId]);
  await mainNav(page).getByRole('link', { name: 'Trash', exact: true }).click();
  await expect(trash.getByRole('listitem')).toHaveCount(3);
  for (const bytes of [meterPdf, notes, contractPdf]) {
    expect(isDocumentStored(bytes)).toBe(true);
    ageStoredDocument(bytes);
  }
  await page.getByRole('button', { name: 'Empty trash' }).click();
  const confirm = page.getByRole('dialog', { name: 'Empty the trash?' });
  await expect(confirm).toContainText('All 3 things in the trash are deleted for good');
  await confirm.getByRole('button', { name: 'Empty trash' }).click();
  await expect(
    notification(page, 'positive').filter({ hasText: 'The trash has been emptied.' }),
  ).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('The trash is empty', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Empty trash' })).toBeDisabled();
  expect(isDocumentStored(meterPdf)).toBe(false);
  expect(isDocumentStored(notes)).toBe(false);
  expect(isDocumentStored(contractPdf)).toBe(true);
});

test('auf dem Telefon und auf Deutsch: filtern, wiederherstellen, endgültig löschen', async ({
  page,
  user,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const word = uniqueWord();
  const subject = `Zählerstand ${word}`;
  const letter = await deliverTo(user, subject, await makePdf([['Zählerstand', word]]));
  await page.goto('/login');
  await page.getByLabel('Language').selectOption('de');
  await expect(page.getByRole('heading', { level: 1, name: 'Bei Kuvert anmelden' })).toBeVisible();
  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Start' })).toBeVisible();
  const api = await portalApi(page);
  await api.letters([letter], 'trash');
  await api.send('DELETE', `/api/folders/${await api.createFolder(`Versicherung ${word}`)}`);

  await page.goto('/trash');
  await expect(page.getByRole('heading', { level: 1, name: 'Papierkorb' })).toBeVisible();
  const trash = page.getByRole('list', { name: 'Papierkorb' });
  await expect(trash.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByText('nach 30 Tagen endgültig gelöscht')).toBeVisible();
  await expect(trash.getByRole('listitem').filter({ hasText: subject })).toContainText(
    'War in Posteingang',
  );
  await scanWithoutHover(page);
  await screenshot(page, 'trash-de');

  await page.getByRole('group', { name: 'Anzeigen' }).getByText('Ordner', { exact: true }).click();
  await expect(trash.getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: `Ordner Versicherung ${word} wiederherstellen` }).click();
  await expect(
    notification(page, 'positive').filter({ hasText: `Ordner „Versicherung ${word}“ ist zurück.` }),
  ).toBeVisible();
  await expect(page.getByText('Keine Ordner im Papierkorb')).toBeVisible();
  await page.getByRole('button', { name: 'Alles im Papierkorb anzeigen' }).click();

  // Selected, the actions wait at the bottom of the screen.
  await page.getByRole('checkbox', { name: `Brief ${subject} auswählen` }).check();
  const bar = page.getByRole('toolbar', { name: 'Ausgewählte Einträge' });
  await expect(bar).toBeInViewport();
  await scanWithoutHover(page);
  await screenshot(page, 'trash-de-selected');
  await bar.getByRole('button', { name: 'Endgültig löschen' }).click();
  const confirm = page.getByRole('dialog', { name: `„${subject}“ endgültig löschen?` });
  await confirm.getByRole('button', { name: 'Endgültig löschen' }).click();
  await expect(
    notification(page, 'positive').filter({ hasText: `Brief „${subject}“ endgültig gelöscht.` }),
  ).toBeVisible();
  await expect(page.getByText('Der Papierkorb ist leer')).toBeVisible();
});
