import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, logIn, test } from './support/fixtures.ts';
import { scanWithoutHover, screenshot } from './support/page-checks.ts';

/** Issue 11: the address book, its import (vCard, CSV) and export. */

const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);

async function chooseCountry(page: Page, label: string, name: string): Promise<void> {
  const input = page.getByRole('combobox', { name: label });
  await input.fill(name.slice(0, 5));
  await page.getByRole('option', { name, exact: true }).click();
  await expect(input).toHaveValue(name);
}

async function importFile(page: Page, buttonName: RegExp, file: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('dialog').getByRole('button', { name: buttonName }).click();
  await (await chooser).setFiles(file);
}

const contactRow = (page: Page, name: string) =>
  page
    .getByRole('list', { name: /contacts|kontakte/i })
    .getByRole('listitem')
    .filter({ hasText: name });

test('create a contact with a postcode that does not fit, fix it, edit it, delete it and get it back', async ({
  page,
  user,
}) => {
  test.setTimeout(180_000);
  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.getByRole('navigation').getByRole('link', { name: 'Address book' }).click();
  await expect(
    page.getByRole('heading', { level: 2, name: 'Your address book is empty' }),
  ).toBeVisible();
  await scanWithoutHover(page);
  await screenshot(page, 'address-book-empty');

  await page.getByRole('link', { name: 'New contact' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New contact' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Add contact' });
  await form.getByLabel('Name', { exact: true }).fill('Jana Schröder');
  await form.getByLabel('Street and number').fill('Lindenallee 3');
  await form.getByLabel('Postcode').fill('5066');
  await form.getByLabel('City').fill('Köln');
  await chooseCountry(page, 'Country', 'Germany');
  await form.locator('label', { hasText: 'Kuvert user' }).click();
  await form.getByLabel('Kuvert address (e-mail)').fill('jana@example');
  await form.getByRole('button', { name: 'Add contact' }).click();

  const postcode = form.getByLabel('Postcode');
  await expect(postcode).toHaveAttribute('aria-invalid', 'true');
  await expect(form).toContainText('This postcode does not fit Germany (for example 10115).');
  await expect(form).toContainText('Please enter a valid e-mail address.');
  // Nothing typed is lost.
  await expect(form.getByLabel('Street and number')).toHaveValue('Lindenallee 3');
  await scanWithoutHover(page);
  await screenshot(page, 'contact-create-errors');

  await postcode.fill('50667');
  await form.getByLabel('Kuvert address (e-mail)').fill('jana@example.de');
  await form.getByRole('button', { name: 'Add contact' }).click();
  await expect(page.getByText('“Jana Schröder” added to your address book.')).toBeVisible();
  await expect(contactRow(page, 'Jana Schröder')).toContainText(
    'Lindenallee 3, 50667 Köln, Germany',
  );
  await expect(contactRow(page, 'Jana Schröder')).toContainText('Kuvert');

  await contactRow(page, 'Jana Schröder').getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Jana Schröder' })).toBeVisible();
  await page.getByLabel('Organisation').fill('Stadtbibliothek Köln');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Changes to “Jana Schröder” saved.')).toBeVisible();
  await expect(contactRow(page, 'Jana Schröder')).toContainText('Stadtbibliothek Köln');
  await screenshot(page, 'address-book-list');

  // Delete, then undo from the notification.
  await contactRow(page, 'Jana Schröder').getByRole('link').click();
  await page.getByRole('button', { name: 'Move to trash' }).click();
  await expect(page.getByText('“Jana Schröder” moved to the trash.')).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: 'Your address book is empty' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(contactRow(page, 'Jana Schröder')).toBeVisible();

  // Delete again; this time it comes back from the trash page.
  await contactRow(page, 'Jana Schröder').getByRole('link').click();
  await page.getByRole('button', { name: 'Move to trash' }).click();
  // As a person does: the notice says it is done before they go to the trash.
  await expect(page.getByText('“Jana Schröder” moved to the trash.')).toBeVisible();
  await page.getByRole('navigation').getByRole('link', { name: 'Trash' }).click();
  const trashed = page.getByRole('list', { name: 'Trash' });
  await expect(trashed).toContainText('Jana Schröder');
  await scanWithoutHover(page);
  await trashed.getByRole('button', { name: 'Restore contact Jana Schröder' }).click();
  await expect(page.getByText('Contact “Jana Schröder” is back.')).toBeVisible();
  await expect(trashed).toBeHidden();
  await page.getByRole('navigation').getByRole('link', { name: 'Address book' }).click();
  await expect(contactRow(page, 'Jana Schröder')).toBeVisible();
});

test('import vCard 2.1 from a phone and vCard 4.0, with a preview of every card', async ({
  page,
  user,
}) => {
  test.setTimeout(180_000);
  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.goto('/address-book');
  await page.getByRole('button', { name: 'Import' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Import contacts' });
  await importFile(page, /choose file/i, fixture('contacts-android-2.1.vcf'));
  await expect(dialog).toContainText('Ready to import: 2 · With problems: 0 · Already saved: 0');
  const table = dialog.getByRole('table', { name: 'Rows of the file' });
  await expect(table).toContainText('Jürgen Müller');
  await expect(table).toContainText('Hauptstraße 5, 80331 München, Germany');
  await expect(table).toContainText('Åsa Andersson');
  await scanWithoutHover(page);
  await screenshot(page, 'contact-import-preview');
  await dialog.getByRole('button', { name: 'Import 2 contacts' }).click();
  await expect(page.getByText('2 contacts imported.')).toBeVisible();
  await expect(contactRow(page, 'Jürgen Müller')).toContainText('80331 München');

  await page.getByRole('button', { name: 'Import' }).first().click();
  await importFile(page, /choose file/i, fixture('contacts-4.0.vcf'));
  await expect(table).toContainText('Zoë Łukasiewicz-Öztürk');
  await expect(table).toContainText('Stadtwerke Kiel');
  await expect(table).toContainText('Stephansplatz 1, 1010 Wien, Austria');
  // A card of a person without a name is shown with its problem, and not imported.
  await importFile(page, /choose another file/i, fixture('contacts-3.0.vcf'));
  await expect(dialog).toContainText('Ready to import: 1 · With problems: 1');
  await expect(table).toContainText('Name: Enter a name or an organisation.');
  await importFile(page, /choose another file/i, fixture('contacts-4.0.vcf'));
  await dialog.getByRole('button', { name: 'Import 2 contacts' }).click();
  // The first import's notice may still be showing: the newest one is this import's.
  await expect(page.getByText('2 contacts imported.').last()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Contacts' }).getByRole('listitem')).toHaveCount(4);

  await page.getByRole('searchbox', { name: 'Search contacts' }).fill('wien');
  await expect(page.getByRole('list', { name: 'Contacts' }).getByRole('listitem')).toHaveCount(1);
  await expect(contactRow(page, 'Zoë Łukasiewicz-Öztürk')).toBeVisible();
});

test('import a spreadsheet with countries in other languages and postcodes that lost their zero', async ({
  page,
  user,
}, testInfo) => {
  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.goto('/address-book');
  await page.getByRole('button', { name: 'Import' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Import contacts' });
  const file = testInfo.outputPath('contacts-europe.csv');
  await writeFile(
    file,
    [
      'Name;Street;Postcode;City;Country',
      'Frauenkirche;Neumarkt 1;1067;Dresden;DEU',
      'Casa Batlló;Passeig de Gràcia 43;8007;Barcelona;España',
      'Riksdagen;Riksgatan 1;100 12;Stockholm;Sverige',
      '',
    ].join('\r\n'),
  );
  await importFile(page, /choose file/i, file);
  await expect(dialog).toContainText('Ready to import: 3 · With problems: 0 · Already saved: 0');
  const table = dialog.getByRole('table', { name: 'Rows of the file' });
  await expect(table).toContainText('Neumarkt 1, 01067 Dresden, Germany');
  await expect(table).toContainText(
    'Postcode 1067 is read as 01067: a spreadsheet drops the leading zero.',
  );
  await expect(table).toContainText('Passeig de Gràcia 43, 08007 Barcelona, Spain');
  await expect(table).toContainText('Riksgatan 1, 100 12 Stockholm, Sweden');
  await scanWithoutHover(page);
  await dialog.getByRole('button', { name: 'Import 3 contacts' }).click();
  await expect(page.getByText('3 contacts imported.')).toBeVisible();
  await expect(contactRow(page, 'Frauenkirche')).toContainText('01067 Dresden');
});

test('auf Deutsch am Telefon: Postleitzahl-Fehler, CSV-Export und wieder importieren', async ({
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
  await page.goto('/address-book/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Neuer Kontakt' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Kontakt anlegen' });
  await form.getByLabel('Organisation').fill('Gemeindeamt Hallstatt');
  await form.getByLabel('Straße und Hausnummer').fill('Seestraße 158; Eingang "B"');
  await form.getByLabel('Postleitzahl').fill('48300');
  await form.getByLabel('Ort').fill('Hallstatt');
  await chooseCountry(page, 'Land', 'Österreich');
  await form.getByRole('button', { name: 'Kontakt anlegen' }).click();
  await expect(form).toContainText(
    'Diese Postleitzahl passt nicht zu Österreich (zum Beispiel 1010).',
  );
  await scanWithoutHover(page);
  await screenshot(page, 'contact-create-errors-de');
  await form.getByLabel('Postleitzahl').fill('4830');
  await form.getByRole('button', { name: 'Kontakt anlegen' }).click();
  await expect(
    page.getByText('„Gemeindeamt Hallstatt“ wurde ins Adressbuch aufgenommen.'),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Exportieren' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV für Excel' }).click();
  const file = await (await download).path();
  const bytes = await readFile(file);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString('utf8');
  expect(text.split('\r\n')[0]).toBe(
    '\uFEFFName;Organisation;E-Mail;Telefon;Straße;PLZ;Ort;Land;Kuvert-Adresse;Notizen',
  );
  expect(text).toContain(
    ';Gemeindeamt Hallstatt;;;"Seestraße 158; Eingang ""B""";4830;Hallstatt;Österreich;;',
  );

  // Round trip: the contact goes to the trash, the exported file brings it back.
  await contactRow(page, 'Gemeindeamt Hallstatt').getByRole('link').click();
  await page.getByRole('button', { name: 'In den Papierkorb' }).click();
  await expect(
    page.getByRole('heading', { level: 2, name: 'Ihr Adressbuch ist leer' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Importieren' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Kontakte importieren' });
  await importFile(page, /datei wählen/i, file);
  await expect(dialog).toContainText(
    'Eine CSV-Datei, gelesen als utf-8, Spalten getrennt durch „;“.',
  );
  await expect(dialog).toContainText(
    'Bereit zum Import: 1 · Mit Fehlern: 0 · Schon gespeichert: 0',
  );
  await expect(dialog.getByRole('table')).toContainText(
    'Seestraße 158; Eingang "B", 4830 Hallstatt, Österreich',
  );
  // Read with the wrong separator, the file has no columns Kuvert knows; back to „;“ it does.
  await dialog.getByRole('combobox', { name: 'Trennzeichen' }).click();
  await page.getByRole('option', { name: '„,“' }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    'muss die erste Zeile die Spalten benennen',
  );
  await dialog.getByRole('combobox', { name: 'Trennzeichen' }).click();
  await page.getByRole('option', { name: '„;“' }).click();
  await expect(dialog).toContainText('Bereit zum Import: 1');
  await scanWithoutHover(page);
  await screenshot(page, 'contact-import-csv-de');
  await dialog.getByRole('button', { name: '1 Kontakt importieren' }).click();
  await expect(page.getByText('1 Kontakt importiert.')).toBeVisible();
  await expect(contactRow(page, 'Gemeindeamt Hallstatt')).toContainText(
    '4830 Hallstatt, Österreich',
  );
  await screenshot(page, 'address-book-list-de');
});

test('an unknown contact says it was not found, without a "Try again" that cannot help', async ({
  page,
  user,
}) => {
  await logIn(page, user, '/login?redirect=/address-book/edit/01JUNKNOWNCONTACT0000000000');
  await expect(page.getByRole('alert')).toContainText('This could not be found.');
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Address book/ }).first()).toBeVisible();
});
