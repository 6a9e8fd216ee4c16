import type { Locator, Page } from '@playwright/test';
import { E2E_BASE_URL } from './support/environment.ts';
import { expect, logIn, test } from './support/fixtures.ts';
import { scanWithoutHover, screenshot } from './support/page-checks.ts';
import {
  NO_WEBHOOK,
  createProvider,
  deliverLetter,
  makePdf,
  uniqueWord,
} from './support/provider.ts';
import { uploadThroughTus } from './support/uploads.ts';

/** Issue 13, "From the mailbox": letters and uploads into case files, and back from a letter. */

const notification = (page: Page, type: string) =>
  page.locator(`[data-notification-type="${type}"]`);

interface CaseFileItemSummary {
  id: string;
  title: string;
  date: string;
  letters: Array<{ id: string }>;
}

/** A file made on its page (/files/create); answers its id, from the page it opens. */
async function createCaseFile(page: Page, title: string): Promise<{ id: string; title: string }> {
  await page.goto('/files/create');
  const form = page.getByRole('form', { name: 'Create file' });
  await form.getByRole('textbox', { name: /^Title/u }).fill(title);
  await form.getByRole('radio', { name: 'Teal' }).check();
  await form.getByRole('button', { name: 'Create file' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const id = /\/files\/file\/([^/?#]+)/u.exec(page.url())?.[1] ?? '';
  expect(id).not.toBe('');
  return { id, title };
}

/** The file's timeline as the server keeps it: newest first. */
async function timelineOf(page: Page, fileId: string): Promise<CaseFileItemSummary[]> {
  const response = await page.request.get(`${E2E_BASE_URL}/api/case-files/${fileId}/items`);
  expect(response.status()).toBe(200);
  const { items }: { items: CaseFileItemSummary[] } = await response.json();
  return items;
}

/** The dialog's list of files, the chosen one ticked, then "Add to file". */
async function addInDialog(dialog: Locator, fileTitle: string, submit: string): Promise<void> {
  await dialog.getByRole('radio', { name: new RegExp(fileTitle) }).check();
  await dialog.getByRole('button', { name: submit }).click();
  await expect(dialog).toBeHidden();
}

/**
 * The suggestion shows above the letter's documents, in the first screen, in room the page kept
 * for it: the documents' heading stands where it stood before the suggestion came (no shift).
 */
async function expectInSightAndStill(
  page: Page,
  suggestion: Locator,
  documentsHeading: string,
): Promise<void> {
  const heading = page.getByRole('heading', { level: 2, name: documentsHeading });
  const before = await heading.boundingBox();
  await expect(suggestion).toBeInViewport();
  const after = await heading.boundingBox();
  const box = await suggestion.boundingBox();
  expect(after).toEqual(before);
  expect(box?.y ?? Infinity).toBeLessThan(after?.y ?? 0);
}

test('three letters go into a file from the inbox, the letter shows its file, a reference number suggests one', async ({
  page,
  user,
}) => {
  test.setTimeout(240_000);
  const provider = await createProvider(`Versicherung E2E ${uniqueWord()}`, NO_WEBHOOK);
  const word = uniqueWord('claim');
  const subjects = [`Claim opened ${word}`, `Damage report ${word}`, `Claim settled ${word}`];
  const pdf = await makePdf([['Car insurance', 'Your claim']]);
  const letterIds: string[] = [];
  for (const [index, subject] of subjects.entries()) {
    const body = index === 0 ? 'Kundennummer: 4711-0815\nWe opened your claim.' : 'Your claim.';
    letterIds.push(
      await deliverLetter(provider, { recipientEmail: user.email, subject, body, pdf }),
    );
  }

  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  const file = await createCaseFile(page, `Car insurance ${word.slice(-4)}`);

  // Three letters selected in the inbox, one item per letter.
  await page.goto('/inbox');
  for (const subject of subjects) {
    await page.getByRole('checkbox', { name: `Select: ${subject}` }).check();
  }
  const toolbar = page.getByRole('toolbar', { name: 'Actions for the selected letters' });
  await screenshot(page, 'add-to-file/bulk-bar', page.locator('[data-has-selection]'));
  await toolbar.getByRole('button', { name: 'Add to a file' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to a file' });
  await expect(dialog.getByText('Add 3 letters to one of your case files.')).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'One item per letter' })).toBeChecked();
  await dialog.getByRole('radio', { name: new RegExp(file.title) }).check();
  await scanWithoutHover(page);
  await screenshot(page, 'add-to-file/dialog', dialog);
  await dialog.getByRole('button', { name: 'Add to file' }).click();
  const added = notification(page, 'positive').filter({
    hasText: `Added 3 letters to “${file.title}”.`,
  });
  await expect(added).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('checkbox', { name: `Select: ${subjects[0]}` })).not.toBeChecked();

  // The file's timeline shows them in date order, newest first, each linking its letter.
  await added.getByRole('button', { name: 'Open file' }).click();
  await expect(page).toHaveURL(`/files/file/${file.id}`);
  await expect(
    page.getByRole('region', { name: 'Timeline' }).getByRole('article').getByRole('heading'),
  ).toHaveText(subjects.toReversed());
  const items = await timelineOf(page, file.id);
  expect(items.map((item) => item.letters[0]?.id)).toEqual(letterIds.toReversed());

  // The letter page lists the file, linking to the item; adding it again adds nothing.
  await page.goto(`/inbox/${letterIds[1]}`);
  const inFiles = page.getByRole('list', { name: 'In files:' });
  await expect(
    inFiles.getByRole('link', { name: `${file.title} › ${subjects[1]}` }),
  ).toHaveAttribute('href', `/files/file/${file.id}/items/${items[1]?.id ?? ''}`);
  await page
    .getByRole('toolbar', { name: 'Letter actions' })
    .getByRole('button', { name: 'Add to a file' })
    .click();
  await expect(dialog.getByText(`Add “${subjects[1]}” to one of your case files.`)).toBeVisible();
  await addInDialog(dialog, file.title, 'Add to file');
  await expect(
    notification(page, 'info').filter({
      hasText: `Everything was in “${file.title}” already: nothing added.`,
    }),
  ).toBeVisible();

  // A new letter with the customer number of the file's first letter: the file is suggested.
  const renewal = `Your renewal ${word}`;
  const renewalId = await deliverLetter(provider, {
    recipientEmail: user.email,
    subject: renewal,
    body: 'Dear customer,\nKundennummer 4711-0815\nyour policy renews on 1 March.',
    pdf,
  });
  await page.goto(`/inbox/${renewalId}`);
  await expect(page.getByRole('heading', { level: 1, name: renewal })).toBeVisible();
  const suggestion = page.getByRole('region', { name: 'Suggested file' });
  await expectInSightAndStill(page, suggestion, 'Documents');
  await expect(suggestion).toContainText(
    new RegExp(
      `This letter mentions Kundennummer:? 4711-0815, which is in your file “${file.title}”\\. Add it\\?`,
    ),
  );
  await expect(suggestion).toContainText(`Suggested file: “${file.title}” · Kundennummer`);
  await page.screenshot({ path: '/tmp/shots/letter-suggestion-1280.png' });
  await scanWithoutHover(page);
  await screenshot(page, 'add-to-file/suggestion', suggestion);
  await suggestion.getByRole('button', { name: 'Add to file' }).click();
  await expect(
    notification(page, 'positive').filter({ hasText: `Added to “${file.title}”.` }),
  ).toBeVisible();
  await expect(suggestion).toHaveCount(0);
  await expect(inFiles.getByRole('link', { name: `${file.title} › ${renewal}` })).toBeVisible();
  await screenshot(page, 'add-to-file/letter-page');
  expect((await timelineOf(page, file.id)).map((item) => item.title)).toContain(renewal);

  // The reply, from the outbox: sent letters have only this action.
  await page.getByRole('button', { name: 'Reply' }).click();
  const replyForm = page.getByRole('form', { name: 'Reply' });
  await replyForm.getByLabel('Message').fill('Thank you, the renewal is fine.');
  await replyForm.getByRole('button', { name: 'Send reply' }).click();
  await page.goto('/outbox');
  await page.getByRole('checkbox', { name: `Select: Re: ${renewal}` }).check();
  await expect(toolbar.getByRole('button')).toHaveCount(1);
  await toolbar.getByRole('button', { name: 'Add to a file' }).click();
  await addInDialog(dialog, file.title, 'Add to file');
  await expect(
    notification(page, 'positive').filter({ hasText: `Added 1 letter to “${file.title}”.` }),
  ).toBeVisible();
  expect((await timelineOf(page, file.id)).map((item) => item.title)).toContain(`Re: ${renewal}`);
});

test('auf dem Telefon, auf Deutsch: eine neue Akte aus zwei Briefen, ein Upload dazu, ein Vorschlag ausgeblendet', async ({
  page,
  user,
}) => {
  test.setTimeout(240_000);
  const provider = await createProvider(`Hausverwaltung E2E ${uniqueWord()}`, NO_WEBHOOK);
  const word = uniqueWord('miete');
  const lease = `Mietvertrag ${word}`;
  const costs = `Nebenkosten ${word}`;
  const pdf = await makePdf([['Hausverwaltung', 'Wohnung 3. OG']]);
  await deliverLetter(provider, {
    recipientEmail: user.email,
    subject: lease,
    body: 'Vertragsnummer: MV-2026-4471\nAnbei Ihr Mietvertrag.',
    pdf,
  });
  await deliverLetter(provider, {
    recipientEmail: user.email,
    subject: costs,
    body: 'Abrechnung.',
    pdf,
  });

  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/profile') && response.request().method() === 'PATCH',
  );
  await page.getByRole('banner').getByLabel('Language').selectOption('de');
  expect((await saved).status()).toBe(200);
  await page.setViewportSize({ width: 390, height: 844 });

  // Two letters; the bottom bar keeps its five actions in one row: a new file, one item.
  await page.goto('/inbox');
  await page.getByRole('checkbox', { name: `Auswählen: ${lease}` }).check();
  await page.getByRole('checkbox', { name: `Auswählen: ${costs}` }).check();
  const bar = page.getByRole('toolbar', { name: 'Aktionen für die ausgewählten Briefe' });
  for (const action of [
    'Als gelesen markieren',
    'Als ungelesen markieren',
    'Verschieben',
    'Papierkorb',
    'Zur Akte',
  ]) {
    await expect(bar.getByRole('button', { name: action, exact: true })).toBeInViewport({
      ratio: 1,
    });
  }
  expect((await bar.boundingBox())?.height ?? 0).toBeLessThan(80);
  await scanWithoutHover(page);
  await screenshot(page, 'add-to-file/bulk-bar-de', bar);
  await bar.getByRole('button', { name: 'Zur Akte' }).click();
  const dialog = page.getByRole('dialog', { name: 'Zu einer Akte hinzufügen' });
  await expect(dialog.getByText('2 Briefe zu einer Ihrer Akten hinzufügen.')).toBeVisible();
  // No file yet: "New file…" is chosen already.
  await expect(dialog.getByRole('radio', { name: 'Neue Akte…' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Zur Akte hinzufügen' }).click();
  await expect(dialog.getByText('Bitte füllen Sie dieses Feld aus.')).toBeVisible();
  const fileTitle = `Wohnung ${word.slice(-4)}`;
  await dialog.getByLabel('Titel der neuen Akte').fill(fileTitle);
  await dialog.getByRole('radio', { name: 'Grün', exact: true }).check();
  await dialog.getByRole('radio', { name: 'Ein Eintrag mit allen' }).check();
  // Titled after the first of them: the newest, at the top of the inbox.
  await expect(dialog.getByLabel('Titel des Eintrags')).toHaveValue(costs);
  await dialog.getByLabel('Titel des Eintrags').fill('Mietsache');
  await scanWithoutHover(page);
  await screenshot(page, 'add-to-file/dialog-new-de', dialog);
  await dialog.getByRole('button', { name: 'Zur Akte hinzufügen' }).click();
  await expect(
    notification(page, 'positive').filter({
      hasText: `2 Briefe als ein Eintrag zu „${fileTitle}“ hinzugefügt.`,
    }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();

  // An upload from /uploads joins the same file.
  const uploadName = `Übergabeprotokoll ${word} Wohnung.txt`;
  await uploadThroughTus(page, {
    name: uploadName,
    mimeType: 'text/plain',
    buffer: Buffer.from('Übergabe der Wohnung, drei Schlüssel.'),
  });
  await page.goto('/uploads');
  await page.getByRole('checkbox', { name: `${uploadName} auswählen` }).check();
  await scanWithoutHover(page);
  await screenshot(page, 'add-to-file/uploads-bar-de', page.locator('[data-has-selection]'));
  await page.getByRole('button', { name: 'Zur Akte' }).click();
  await expect(dialog.getByText(`„${uploadName}“ zu einer Ihrer Akten hinzufügen.`)).toBeVisible();
  await addInDialog(dialog, fileTitle, 'Zur Akte hinzufügen');
  await expect(
    notification(page, 'positive').filter({
      hasText: `1 Upload zu „${fileTitle}“ hinzugefügt.`,
    }),
  ).toBeVisible();

  // Search finds letters and the upload; both kinds are selected and added from the results.
  await page.goto(`/inbox?q=${word}`);
  const results = page.getByRole('list', { name: `Ergebnisse für „${word}“` });
  await expect(results.getByRole('checkbox', { name: `Auswählen: ${uploadName}` })).toBeVisible();
  await results.getByRole('checkbox', { name: `Auswählen: ${uploadName}` }).check();
  await results.getByRole('checkbox', { name: `Auswählen: ${lease}` }).check();
  await expect(bar.getByRole('button')).toHaveCount(1);
  await screenshot(page, 'add-to-file/search-de', results);
  await bar.getByRole('button', { name: 'Zur Akte' }).click();
  await expect(
    dialog.getByText('1 Brief und 1 Upload zu einer Ihrer Akten hinzufügen.'),
  ).toBeVisible();
  await addInDialog(dialog, fileTitle, 'Zur Akte hinzufügen');
  await expect(
    notification(page, 'info').filter({
      hasText: `Alles war schon in „${fileTitle}“: nichts hinzugefügt.`,
    }),
  ).toBeVisible();
  await expect(
    results.getByRole('checkbox', { name: `Auswählen: ${uploadName}` }),
  ).not.toBeChecked();

  // The contract number suggests the file on a new letter; dismissed, it stays away.
  const notice = `Mieterhöhung ${word}`;
  const noticeId = await deliverLetter(provider, {
    recipientEmail: user.email,
    subject: notice,
    body: 'Sehr geehrte Mieterin,\nVertragsnummer MV-2026-4471\ndie Miete steigt.',
    pdf,
  });
  await page.goto(`/inbox/${noticeId}`);
  await expect(page.getByRole('heading', { level: 1, name: notice })).toBeVisible();
  const suggestion = page.getByRole('region', { name: 'Vorgeschlagene Akte' });
  await expectInSightAndStill(page, suggestion, 'Dokumente');
  await page.screenshot({ path: '/tmp/shots/letter-suggestion-de-390.png' });
  // Dark, following the device: the suggestion's line stays readable (axe checks the contrast).
  await page.emulateMedia({ colorScheme: 'dark' });
  await scanWithoutHover(page);
  await page.screenshot({ path: '/tmp/shots/letter-suggestion-de-dark-390.png' });
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(suggestion).toContainText(
    `Dieser Brief nennt Vertragsnummer MV-2026-4471 – wie Ihre Akte „${fileTitle}“. Hinzufügen?`,
  );
  await scanWithoutHover(page);
  await screenshot(page, 'add-to-file/suggestion-de', suggestion);
  await suggestion.getByRole('button', { name: 'Ausblenden' }).click();
  await expect(suggestion).toHaveCount(0);
  const answered = page.waitForResponse((response) =>
    response.url().endsWith(`/api/case-files/of-letter/${noticeId}`),
  );
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: notice })).toBeVisible();
  expect((await answered).status()).toBe(200);
  await expect(page.getByRole('button', { name: 'Zu einer Akte hinzufügen' })).toBeVisible();
  await expect(suggestion).toHaveCount(0);
});
