import type { Page } from '@playwright/test';
import { expect, logIn, test } from './support/fixtures.ts';
import type { TestUser } from './support/users.ts';
import { scanWithoutHover, screenshot } from './support/page-checks.ts';
import {
  NO_WEBHOOK,
  createProvider,
  deliverLetter,
  makePdf,
  uniqueWord,
} from './support/provider.ts';
import { listUploads, trashUploads, uploadThroughTus } from './support/uploads.ts';
import { journeyLanguages } from './support/journey-languages.ts';

/** Issue 9: what is uploaded once goes with letters, and comes back out of the trash. */

const words = {
  en: {
    home: 'Home',
    language: 'Language',
    reply: 'Reply',
    replyForm: 'Reply',
    message: 'Message',
    attachFromUploads: 'Attach from my uploads',
    filter: 'Filter by name',
    attachOne: 'Attach 1 file',
    attachments: 'Attachments',
    fromUploads: 'from Uploads',
    keptInUploads: 'Files attached from your computer are also kept in Uploads.',
    send: 'Send reply',
    sent: (name: string) => `Your reply to ${name} has been sent.`,
    viewSent: 'View in outbox',
    documents: 'Documents',
    useInLetter: 'Use in a letter',
    searchLetters: 'Search letters',
    trash: 'Trash',
    trashList: 'Trash',
    restoreLabel: (name: string) => `Restore upload ${name}`,
    restored: (name: string) => `Upload “${name}” is back.`,
    deleteForeverLabel: (name: string) => `Delete forever: upload ${name}`,
    deleteForever: 'Delete forever',
    deletedForever: (name: string) => `Upload “${name}” deleted for good.`,
    emptyTrash: 'Empty trash',
    emptied: 'The trash has been emptied.',
  },
  de: {
    home: 'Start',
    language: 'Sprache',
    reply: 'Antworten',
    replyForm: 'Antwort',
    message: 'Nachricht',
    attachFromUploads: 'Aus meinen Uploads anhängen',
    filter: 'Nach Namen filtern',
    attachOne: '1 Datei anhängen',
    attachments: 'Anhänge',
    fromUploads: 'aus Uploads',
    keptInUploads:
      'Dateien, die Sie von Ihrem Computer anhängen, werden auch unter Uploads aufbewahrt.',
    send: 'Antwort senden',
    sent: (name: string) => `Ihre Antwort an ${name} wurde gesendet.`,
    viewSent: 'Im Postausgang ansehen',
    documents: 'Dokumente',
    useInLetter: 'In einem Brief verwenden',
    searchLetters: 'Briefe suchen',
    trash: 'Papierkorb',
    trashList: 'Papierkorb',
    restoreLabel: (name: string) => `Upload ${name} wiederherstellen`,
    restored: (name: string) => `Upload „${name}“ ist zurück.`,
    deleteForeverLabel: (name: string) => `Upload ${name} endgültig löschen`,
    deleteForever: 'Endgültig löschen',
    deletedForever: (name: string) => `Upload „${name}“ endgültig gelöscht.`,
    emptyTrash: 'Papierkorb leeren',
    emptied: 'Der Papierkorb wurde geleert.',
  },
} as const;
type Language = keyof typeof words;

const selectedAccount = async (page: Page) =>
  (await page.evaluate(() => localStorage.getItem('kuvert.selectedAccount'))) ?? '';

const notification = (page: Page, type: string) =>
  page.locator(`[data-notification-type="${type}"]`);

/** Logs in, in the given language (the header's switch, saved to the profile). */
async function logInIn(page: Page, user: TestUser, language: Language): Promise<void> {
  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: words.en.home })).toBeVisible();
  if (language === 'en') return;
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/profile') && response.request().method() === 'PATCH',
  );
  await page.getByRole('banner').getByLabel(words.en.language).selectOption(language);
  expect((await saved).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: words[language].home })).toBeVisible();
}

/** A provider's letter in the user's inbox, answerable. */
async function letterFor(user: TestUser, subject: string) {
  const provider = await createProvider(`Stadtwerke Reuse ${uniqueWord()}`, NO_WEBHOOK);
  const letterId = await deliverLetter(provider, {
    recipientEmail: user.email,
    subject,
    body: 'Please send us the signed contract.',
    pdf: await makePdf([['Contract', subject]]),
    filename: 'contract.pdf',
  });
  return { provider, letterId };
}

for (const language of journeyLanguages) {
  const w = words[language];

  test(`[${language}] a reply takes an upload and a file from the computer; the file is kept as an upload`, async ({
    page,
    user,
  }) => {
    test.setTimeout(180_000);
    const word = uniqueWord();
    const subject = `Tariff change ${word}`;
    const { provider, letterId } = await letterFor(user, subject);
    await logInIn(page, user, language);
    const kept = `Signed contract ${word}.pdf`;
    await uploadThroughTus(page, {
      name: kept,
      mimeType: 'application/pdf',
      buffer: await makePdf([['Signed', word]]),
    });

    await page.goto(`/inbox/${letterId}`);
    await page.getByRole('button', { name: w.reply, exact: true }).click();
    const replyForm = page.getByRole('form', { name: w.replyForm });
    await replyForm.getByLabel(w.message).fill('Here is the signed contract, and a photo.');
    await expect(page.getByText(w.keptInUploads)).toBeVisible();

    // From my uploads: the picker, by keyboard. Escape closes the picker, not the reply.
    const openPicker = page.getByRole('button', { name: w.attachFromUploads });
    await openPicker.click();
    const picker = page.getByRole('dialog', { name: w.attachFromUploads });
    await expect(picker.getByRole('searchbox', { name: w.filter })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(picker).toBeHidden();
    await expect(replyForm).toBeVisible();
    await expect(openPicker).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.type(word);
    const choice = picker.getByRole('checkbox', { name: kept });
    await expect(picker.getByRole('checkbox')).toHaveCount(1);
    await choice.focus();
    await page.keyboard.press('Space');
    await expect(choice).toBeChecked();
    await scanWithoutHover(page);
    if (language === 'en') await screenshot(page, 'upload-picker', picker);
    await picker.getByRole('button', { name: w.attachOne }).click();
    await expect(picker).toBeHidden();

    // …and from the computer.
    const fromComputer = `meter-${word}.pdf`;
    await page.locator('input[type="file"]').setInputFiles({
      name: fromComputer,
      mimeType: 'application/pdf',
      buffer: Buffer.from(await makePdf([['Meter reading', word]])),
    });
    const attachments = replyForm.getByRole('list', { name: w.attachments });
    await expect(attachments.getByRole('listitem')).toHaveCount(2);
    await expect(attachments.getByRole('listitem').filter({ hasText: kept })).toContainText(
      w.fromUploads,
    );
    await expect(attachments.getByRole('listitem').filter({ hasText: fromComputer })).toBeVisible();
    if (language === 'en') await screenshot(page, 'reply-with-uploads', page.getByRole('dialog'));

    await replyForm.getByRole('button', { name: w.send }).click();
    const sent = notification(page, 'positive').filter({ hasText: w.sent(provider.name) });
    await expect(sent).toBeVisible();
    await sent.getByRole('button', { name: w.viewSent }).click();

    // The sent reply carries both.
    const documents = page.getByRole('region', { name: w.documents });
    await expect(documents.getByText(kept).first()).toBeVisible({ timeout: 15_000 });
    await expect(documents.getByText(fromComputer).first()).toBeVisible();

    // The file from the computer is an upload now, beside the one that was attached.
    const uploads = await listUploads(page, word);
    expect(uploads.map(({ name }) => name).toSorted()).toEqual([kept, fromComputer].toSorted());
  });

  test(`[${language}] "use in a letter" opens the chosen letter's reply with the upload attached`, async ({
    page,
    user,
  }) => {
    test.setTimeout(180_000);
    const word = uniqueWord();
    const subject = `Meter reading ${word}`;
    const { provider } = await letterFor(user, subject);
    await letterFor(user, `Another letter ${uniqueWord()}`);
    await logInIn(page, user, language);
    const name = `Meter photo ${word}.pdf`;
    const uploadId = await uploadThroughTus(page, {
      name,
      mimeType: 'application/pdf',
      buffer: await makePdf([['Meter', word]]),
    });

    await page.goto(`/uploads/${uploadId}`);
    const useInLetter = page.getByRole('button', { name: w.useInLetter });
    await expect(useInLetter).toBeVisible();
    if (language === 'en') await screenshot(page, 'upload-page-use-in-letter');
    await useInLetter.click();
    const chooser = page.getByRole('dialog');
    await chooser.getByRole('searchbox', { name: w.searchLetters }).fill(word);
    const letter = chooser.getByRole('button', { name: new RegExp(subject) });
    await expect(letter).toBeVisible();
    // Only the letter searched for is offered to answer.
    await expect(chooser.getByRole('list').getByRole('button')).toHaveCount(1);
    await scanWithoutHover(page);
    if (language === 'en') await screenshot(page, 'use-in-letter', chooser);
    await letter.click();

    await expect(page).toHaveURL(/\/inbox\/[^?]+$/);
    const replyForm = page.getByRole('form', { name: w.replyForm });
    await expect(replyForm).toBeVisible();
    await expect(page.getByRole('dialog')).toContainText(provider.name);
    const attached = replyForm.getByRole('list', { name: w.attachments }).getByRole('listitem');
    await expect(attached).toHaveCount(1);
    await expect(attached).toContainText(name);
    await expect(attached).toContainText(w.fromUploads);
  });

  test(`[${language}] an upload in the trash comes back, another goes for good, and emptying takes the rest`, async ({
    page,
    user,
  }) => {
    test.setTimeout(120_000);
    await logInIn(page, user, language);
    const word = uniqueWord();
    const back = `Lease ${word}.pdf`;
    const gone = `Old draft ${word}.pdf`;
    const backId = await uploadThroughTus(page, {
      name: back,
      buffer: await makePdf([['Lease', word]]),
    });
    const goneId = await uploadThroughTus(page, {
      name: gone,
      buffer: await makePdf([['Draft', word]]),
    });
    await trashUploads(page, [backId, goneId]);
    expect(await listUploads(page, word)).toEqual([]);

    await page.getByRole('navigation').getByRole('link', { name: w.trash }).click();
    const trashed = page.getByRole('list', { name: w.trashList });
    await expect(trashed.getByRole('listitem')).toHaveCount(2);
    await scanWithoutHover(page);
    if (language === 'en') await screenshot(page, 'trash-uploads');

    await trashed.getByRole('button', { name: w.restoreLabel(back) }).click();
    await expect(
      notification(page, 'positive').filter({ hasText: w.restored(back) }),
    ).toBeVisible();
    await expect(trashed.getByRole('listitem')).toHaveCount(1);

    await trashed.getByRole('button', { name: w.deleteForeverLabel(gone) }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByRole('button', { name: w.deleteForever }).click();
    await expect(
      notification(page, 'positive').filter({ hasText: w.deletedForever(gone) }),
    ).toBeVisible();
    await expect(trashed).toBeHidden();

    expect((await listUploads(page, word)).map(({ name }) => name)).toEqual([back]);

    // Emptying the trash takes uploads too.
    await trashUploads(page, [backId]);
    await expect(trashed.getByRole('listitem')).toHaveCount(1);
    await page.getByRole('button', { name: w.emptyTrash }).click();
    await page.getByRole('dialog').getByRole('button', { name: w.emptyTrash }).click();
    await expect(notification(page, 'positive').filter({ hasText: w.emptied })).toBeVisible();
    await expect(trashed).toBeHidden();
    const trash = await page.request.get(
      `/api/trash/entries?${new URLSearchParams({ account_id: await selectedAccount(page) }).toString()}`,
    );
    const { entries }: { entries: unknown[] } = await trash.json();
    expect(entries).toEqual([]);
  });
}

for (const language of journeyLanguages) {
  const w = words[language];
  const texts = {
    en: { newLetter: 'Write a new letter', compose: 'New letter', attachments: 'Attachments' },
    de: { newLetter: 'Neuen Brief schreiben', compose: 'Neuer Brief', attachments: 'Anhänge' },
  }[language];

  test(`[${language}] "Use in a letter" starts a new letter with the upload attached`, async ({
    page,
    user,
  }) => {
    await logInIn(page, user, language);
    const name = `Kündigung-${uniqueWord()}.pdf`;
    const uploadId = await uploadThroughTus(page, {
      name,
      mimeType: 'application/pdf',
      buffer: Buffer.from(await makePdf([['Kündigung']])),
    });
    await page.goto(`/uploads/${uploadId}`);
    await page.getByRole('button', { name: w.useInLetter }).click();
    await scanWithoutHover(page);
    await page.getByRole('button', { name: texts.newLetter }).click();
    await expect(page.getByRole('heading', { level: 1, name: texts.compose })).toBeVisible();
    const attachments = page.getByRole('list', { name: texts.attachments });
    await expect(attachments.getByText(name)).toBeVisible();
  });
}
