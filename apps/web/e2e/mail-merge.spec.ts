import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, logIn, test } from './support/fixtures.ts';
import { scanWithoutHover, screenshot } from './support/page-checks.ts';
import { createInvitedUser } from './support/users.ts';

/** Text in Windows-1252, as German Excel saves "CSV (Trennzeichen-getrennt)". */
function windows1252(text: string): Buffer {
  return Buffer.from(
    [...text].map((character) => {
      if (character === '€') return 0x80;
      const code = character.codePointAt(0) ?? 0;
      if (code > 0xff) throw new Error(`${character} is not in Windows-1252`);
      return code;
    }),
  );
}

/**
 * Five good rows and one without a postcode: three by post (one street with a quoted line
 * break), one with an e-mail address and a postal address ("Kuvert, else by post"), one with
 * an e-mail address alone (only if it has a Kuvert account: here it has).
 */
const recipients = (email: string) =>
  'Vorname;Nachname;Straße;PLZ;Ort;Betrag;E-Mail\r\n' +
  'Jürgen;Müller;Hauptstraße 1;50667;Köln;12,50 €;\r\n' +
  'Özcan;Weiß;Gartenweg 3;80331;München;7,00 €;\r\n' +
  'Anna;Schäfer;"Am Bach 5\r\nHinterhaus";20095;Hamburg;1.024,00 €;\r\n' +
  'Bernd;Ohnepost;Lindenweg 9;;Bonn;3,00 €;\r\n' +
  `Clara;Fuchs;Ringstraße 12;01067;Dresden;45,10 €;${email}\r\n` +
  `Dieter;Koch;;;;9,99 €;${email}\r\n`;

/** The account's postal address (the return line) and language, as the profile page saves them. */
async function setProfile(page: Page, language: 'en' | 'de'): Promise<void> {
  const status = await page.evaluate(async (lang) => {
    const response = await fetch('/api/profile', {
      method: 'PATCH',
      headers: {
        'content-type': 'application/json',
        'x-csrf-token': localStorage.getItem('kuvert.csrfToken') ?? '',
      },
      body: JSON.stringify({
        language: lang,
        address: { street: 'Lindenallee 4', postcode: '10115', city: 'Berlin', country: 'DE' },
      }),
    });
    return response.status;
  }, language);
  expect(status).toBe(200);
}

async function chooseCsv(page: Page, button: RegExp, name: string, buffer: Buffer): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer });
}

test('a Windows-1252 CSV with ; and a quoted line break: five letters sent, the bad row downloaded to fix', async ({
  page,
  user,
}) => {
  test.setTimeout(240_000);
  const friend = await createInvitedUser('Clara');
  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await setProfile(page, 'en');
  await page.goto('/outbox/compose-uploader');
  await expect(page.getByRole('heading', { level: 1, name: 'Mail merge' })).toBeVisible();

  // 1 · the letter: an unclosed placeholder is shown where it is, and nothing typed is lost.
  await page.getByRole('textbox', { name: 'Subject' }).fill('Your invoice of {{Betrag}}');
  const body = page.getByRole('textbox', { name: 'Letter' });
  await body.fill('Dear {{Vorname}},\n\nplease transfer {{Betrag');
  await expect(
    page.getByText('Line 3, column 17: this placeholder is not closed with }}.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await body.press('End');
  await body.pressSequentially('}} by Friday.');
  await expect(page.getByText(/this placeholder is not closed/)).toBeHidden();
  await scanWithoutHover(page);
  await screenshot(page, 'mail-merge-source');
  await page.getByRole('button', { name: 'Next' }).click();
  // The next step's heading takes focus, so a screen reader says where the person is.
  await expect(page.getByRole('heading', { level: 2, name: 'Step 2: Recipients' })).toBeFocused();

  // 2 · recipients: a file over 10 MB is refused before it is sent.
  await chooseCsv(page, /upload a csv/i, 'huge.csv', Buffer.alloc(11 * 1024 * 1024, 0x41));
  await expect(page.getByRole('alert')).toContainText('“huge.csv” is 11 MB');
  await chooseCsv(page, /upload a csv/i, 'rechnungen.csv', windows1252(recipients(friend.email)));
  // The first CSV read starts the server's processing child: allow it its start-up.
  await expect(page.getByText('Detected: Windows-1252 (Western European)')).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('Detected: Semicolon (;)')).toBeVisible();
  await expect(page.getByText('6 recipients, 7 columns.')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Jürgen' })).toBeVisible();
  await expect(page.getByRole('cell', { name: /Am Bach 5\s+Hinterhaus/ })).toBeVisible();
  await screenshot(page, 'mail-merge-csv');
  await page.getByRole('button', { name: 'Next' }).click();

  // 3 · columns matched by their German headers.
  await expect(page.getByRole('combobox', { name: 'Name (or last name)' })).toHaveValue('Nachname');
  await expect(page.getByRole('combobox', { name: 'First name' })).toHaveValue('Vorname');
  await expect(page.getByRole('combobox', { name: 'Street and number' })).toHaveValue('Straße');
  await expect(page.getByRole('combobox', { name: 'Postcode' })).toHaveValue('PLZ');
  await expect(page.getByRole('combobox', { name: 'City' })).toHaveValue('Ort');
  await expect(page.getByRole('combobox', { name: '{{Betrag}}' })).toHaveValue('Betrag');
  await scanWithoutHover(page);
  await screenshot(page, 'mail-merge-mapping');
  await page.getByRole('button', { name: 'Next' }).click();

  // 4 · preview: where each goes, the letter as written, and what is wrong.
  const first = page.getByRole('article', { name: 'Row 1: Jürgen Müller' });
  await expect(first).toContainText('By post');
  await expect(first).toContainText('Your invoice of 12,50 €');
  await expect(first).toContainText('Dear Jürgen,');
  await expect(page.getByRole('article', { name: 'Row 3: Anna Schäfer' })).toContainText(
    'Am Bach 5, Hinterhaus',
  );
  const bad = page.getByRole('article', { name: 'Row 4: Bernd Ohnepost' });
  await expect(bad).toContainText('Cannot be sent');
  await expect(bad).toContainText('The postal address has no postcode.');
  await scanWithoutHover(page);
  await screenshot(page, 'mail-merge-preview');

  // 5 · send: a confirmation counts every row by how it goes and says who posts the letters.
  await page.getByRole('button', { name: 'Send…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Send this mail merge?' });
  await expect(confirm).toContainText('6 rows in the spreadsheet.');
  const counts = confirm.getByRole('listitem');
  await expect(counts).toHaveText([
    '3 letters by post',
    '1 letter to a Kuvert inbox, or else by post',
    '1 letter only if its e-mail address has a Kuvert account (otherwise that row fails)',
    '1 row has problems and is skipped',
  ]);
  await expect(confirm).toContainText('printed and posted by the Kuvert operator');
  await scanWithoutHover(page);
  await screenshot(page, 'mail-merge-confirm');
  await confirm.getByRole('button', { name: 'Send 5 letters' }).click();
  await expect(page.getByText('6 of 6 rows · 5 sent, 1 failed')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Done', { exact: true })).toBeVisible();
  // A printed letter is queued for printing, not "sent"; a Kuvert letter is in the inbox.
  await expect(
    page.getByText('Queued for printing: 3 · In the Kuvert inbox: 2', { exact: true }),
  ).toBeVisible();
  const allRows = page.getByRole('table', { name: 'The result of each row' });
  await expect(allRows.getByRole('row', { name: /Jürgen Müller/ })).toContainText(
    'Queued for printing',
  );
  await expect(allRows.getByRole('row', { name: /Clara Fuchs/ })).toContainText(
    'In the Kuvert inbox',
  );
  // The merge is still there after a reload.
  await page.reload();
  await expect(page.getByText('6 of 6 rows · 5 sent, 1 failed')).toBeVisible();
  await page.getByText('Failed rows', { exact: true }).click();
  const results = page.getByRole('table', { name: 'The result of each row' });
  await expect(results.getByRole('row')).toHaveCount(2);
  await expect(results).toContainText('Bernd Ohnepost');
  await scanWithoutHover(page);
  await screenshot(page, 'mail-merge-results');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download failed rows (CSV)' }).click();
  const file = await readFile(await (await download).path());
  expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(file.subarray(3).toString('utf8').trimEnd().split('\r\n')).toEqual([
    'Vorname;Nachname;Straße;PLZ;Ort;Betrag;E-Mail;Reason',
    'Bernd;Ohnepost;Lindenweg 9;;Bonn;3,00 €;;The postal address has no postcode.',
  ]);

  // The history lists the merge with its counts; its report shows the rows again.
  await page.getByRole('link', { name: 'Past mail merges' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Past mail merges' })).toBeVisible();
  const history = page.getByRole('table', { name: /Mail merges of this mailbox/ });
  const merge = history.getByRole('row', { name: /Your invoice of \{\{Betrag\}\}/ });
  await expect(merge).toContainText('Queued for printing: 3 · In the Kuvert inbox: 2');
  await expect(merge).toContainText('1 failed row');
  await scanWithoutHover(page);
  await screenshot(page, 'mail-merge-history');
  await merge
    .getByRole('link', { name: 'Open the report of “Your invoice of {{Betrag}}”' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mail merge report' })).toBeVisible();
  const report = page.getByRole('table', { name: 'The result of each row' });
  await expect(report.getByRole('row', { name: /Özcan Weiß/ })).toContainText(
    'Queued for printing',
  );
  await expect(report.getByRole('row', { name: /Bernd Ohnepost/ })).toContainText(
    'The postal address has no postcode.',
  );
  await expect(page.getByRole('link', { name: 'Download failed rows (CSV)' })).toBeVisible();
  await scanWithoutHover(page);

  // The CSV was the merge's: it is not among the person's uploads.
  await page.goto('/uploads');
  await expect(page.getByRole('heading', { level: 1, name: 'Uploads' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No uploads yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: /rechnungen\.csv/ })).toHaveCount(0);
});

test('in German: Excel’s Unicode text from the uploads, a placeholder fixed, three letters sent', async ({
  page,
  user,
}) => {
  test.setTimeout(240_000);
  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await setProfile(page, 'de');
  const fixture = await readFile(path.join(import.meta.dirname, 'fixtures/adressen-utf16.csv'));
  await page.goto('/outbox/compose-uploader');
  await expect(page.getByRole('heading', { level: 1, name: 'Serienbrief' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Betreff' }).fill('Ihr Beitrag {{Betrag');
  await expect(
    page.getByText('Zeile 1, Spalte 13: Dieser Platzhalter ist nicht mit }} geschlossen.'),
  ).toBeVisible();
  await page.getByRole('textbox', { name: 'Betreff' }).fill('Ihr Beitrag {{Betrag}}');
  await page
    .getByRole('textbox', { name: 'Brief' })
    .fill('{{Anrede}} {{Nachname}},\n\nvielen Dank für Ihren Beitrag.');
  await page.getByRole('button', { name: 'Weiter' }).click();

  await chooseCsv(page, /csv-datei hochladen/i, 'adressen-utf16.csv', fixture);
  await expect(page.getByText('Erkannt: UTF-16 LE')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Erkannt: Tabulator')).toBeVisible();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByRole('combobox', { name: '{{Anrede}}' })).toHaveValue('Anrede');
  await page.getByRole('button', { name: 'Weiter' }).click();

  await expect(page.getByRole('article', { name: 'Zeile 2: Özcan Weiß' })).toContainText(
    'Herr Weiß,',
  );
  await expect(page.getByRole('article', { name: 'Zeile 2: Özcan Weiß' })).toContainText(
    'Per Post',
  );
  await scanWithoutHover(page);
  await page.getByRole('button', { name: 'Senden …' }).click();
  const confirm = page.getByRole('dialog', { name: 'Diesen Serienbrief senden?' });
  await expect(confirm).toContainText('3 Zeilen in der Tabelle.');
  await expect(confirm.getByRole('listitem')).toHaveText(['3 Briefe per Post']);
  await expect(confirm).toContainText('druckt und versendet der Kuvert-Betreiber');
  await scanWithoutHover(page);
  await confirm.getByRole('button', { name: '3 Briefe senden' }).click();
  await expect(page.getByText('3 von 3 Zeilen · 3 gesendet, 0 fehlgeschlagen')).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('link', { name: /Fehlgeschlagene Zeilen/ })).toHaveCount(0);
  await expect(page.getByText('Wartet auf den Druck: 3', { exact: true })).toBeVisible();
  await scanWithoutHover(page);
  await screenshot(page, 'mail-merge-de');

  // From the outbox to the history and the report.
  await page.goto('/outbox');
  await page.getByRole('link', { name: 'Frühere Serienbriefe' }).click();
  const history = page.getByRole('table', { name: /Serienbriefe dieses Postfachs/ });
  await expect(history.getByRole('row', { name: /Ihr Beitrag/ })).toContainText(
    'Wartet auf den Druck: 3',
  );
  await scanWithoutHover(page);
  await history.getByRole('link', { name: /Bericht zu „Ihr Beitrag/ }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Bericht zum Serienbrief' }),
  ).toBeVisible();
  await expect(
    page
      .getByRole('table', { name: 'Das Ergebnis jeder Zeile' })
      .getByRole('row', { name: /Özcan Weiß/ }),
  ).toContainText('Wartet auf den Druck');
  await scanWithoutHover(page);
});
