import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from '@playwright/test';
import { REPO_ROOT, serverEnvironment } from './support/environment.ts';
import { expect, logIn, test } from './support/fixtures.ts';
import { scanWithoutHover, screenshot } from './support/page-checks.ts';
import {
  createProvider,
  deliverLetter,
  makePdf,
  senderApi,
  startWebhookReceiver,
  uniqueWord,
  verifyWebhookSignature,
} from './support/provider.ts';
import { createInvitedUser } from './support/users.ts';
import type { TestUser } from './support/users.ts';
import { journeyLanguages } from './support/journey-languages.ts';

const run = promisify(execFile);

// There is one open print batch for the whole server, and the operator's mark-sent posts every
// letter in it. The journeys below each post a batch, so they run one after the other: side by
// side, one language's mark-sent would post the other's letter before it was seen as printed.
test.describe.configure({ mode: 'default' });

/** Issue 11: writing letters to Kuvert users, providers and postal addresses. */

const words = {
  en: {
    home: 'Home',
    language: 'Language',
    inbox: 'Inbox',
    outbox: 'Outbox',
    newLetter: 'New letter',
    addRecipient: 'Add recipient',
    kuvertUser: 'Kuvert user',
    provider: 'Provider',
    byPost: 'By post',
    recipient: (position: number, channel: string) => `Recipient ${position}: ${channel}`,
    email: 'E-mail address on Kuvert',
    chooseProvider: 'Provider',
    subject: 'Subject',
    body: 'Letter',
    saved: 'Saved',
    send: 'Send letter',
    recipients: 'Recipients',
    delivered: 'Delivered',
    queued: 'Queued',
    printed: 'Printed',
    posted: 'Posted',
    notOnKuvert: 'Nobody uses Kuvert with this address.',
    sendByPost: 'Send by post instead',
    name: 'Name',
    street: 'Street and number',
    postcode: 'Postcode',
    city: 'City',
    country: 'Country',
    france: 'France',
    postcodeWrong: 'This postcode does not fit DE (for example 10115).',
    attachFromComputer: 'Attach from computer',
    attachments: 'Attachments',
    openPrintPdf: 'Open print PDF',
    drafts: 'Draft',
    reply: 'Reply',
    contactName: 'Name',
    contactKuvert: 'Kuvert user',
    contactEmail: 'Kuvert address (e-mail)',
    addContact: 'Add contact',
    fromAddressBook: 'From the address book',
  },
  de: {
    home: 'Start',
    language: 'Sprache',
    inbox: 'Posteingang',
    outbox: 'Postausgang',
    newLetter: 'Neuer Brief',
    addRecipient: 'Empfänger hinzufügen',
    kuvertUser: 'Kuvert-Nutzer',
    provider: 'Anbieter',
    byPost: 'Per Post',
    recipient: (position: number, channel: string) => `Empfänger ${position}: ${channel}`,
    email: 'E-Mail-Adresse bei Kuvert',
    chooseProvider: 'Anbieter',
    subject: 'Betreff',
    body: 'Brief',
    saved: 'Gespeichert',
    send: 'Brief senden',
    recipients: 'Empfänger',
    delivered: 'Zugestellt',
    queued: 'In Warteschlange',
    printed: 'Gedruckt',
    posted: 'Versandt',
    notOnKuvert: 'Niemand nutzt Kuvert mit dieser Adresse.',
    sendByPost: 'Stattdessen per Post senden',
    name: 'Name',
    street: 'Straße und Hausnummer',
    postcode: 'Postleitzahl',
    city: 'Ort',
    country: 'Land',
    france: 'Frankreich',
    postcodeWrong: 'Diese Postleitzahl passt nicht zu DE (zum Beispiel 10115).',
    attachFromComputer: 'Vom Computer anhängen',
    attachments: 'Anhänge',
    openPrintPdf: 'Druck-PDF öffnen',
    drafts: 'Entwurf',
    reply: 'Antworten',
    contactName: 'Name',
    contactKuvert: 'Kuvert-Nutzer',
    contactEmail: 'Kuvert-Adresse (E-Mail)',
    addContact: 'Kontakt anlegen',
    fromAddressBook: 'Aus dem Adressbuch',
  },
} as const;
type Language = keyof typeof words;

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

/** The second user, signed in in a browser of their own, looking at their inbox. */
async function openInboxOf(browser: Browser, user: TestUser, language: Language) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logInIn(page, user, language);
  await page.goto('/inbox');
  await expect(page.getByRole('heading', { level: 1, name: words[language].inbox })).toBeVisible();
  return { page, close: () => context.close() };
}

async function cli(...args: string[]): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    [path.join(REPO_ROOT, 'apps/server/src/cli.ts'), ...args],
    { env: { ...process.env, ...serverEnvironment() } },
  );
  return stdout;
}

/** Adds a recipient of a channel through the "Add recipient" menu; returns its card. */
async function addRecipient(page: Page, language: Language, channel: string, position: number) {
  const w = words[language];
  await page.getByRole('button', { name: w.addRecipient }).click();
  await page.getByRole('menuitem', { name: channel }).click();
  return page.getByRole('listitem', { name: w.recipient(position, channel) });
}

/** The user's own address (the return line of printed letters), as the profile saves it. */
async function setSenderAddress(page: Page): Promise<void> {
  const status = await page.evaluate(async () => {
    const response = await fetch('/api/profile', {
      method: 'PATCH',
      headers: {
        'content-type': 'application/json',
        'x-csrf-token': localStorage.getItem('kuvert.csrfToken') ?? '',
      },
      body: JSON.stringify({
        address: { street: 'Hauptstraße 5', postcode: '10115', city: 'Berlin', country: 'DE' },
      }),
    });
    return response.status;
  });
  expect(status).toBe(200);
}

for (const language of journeyLanguages) {
  const w = words[language];

  test(`[${language}] one letter to a contact on Kuvert, a provider and a postal address: a draft that survives a reload, live delivery, the print batch`, async ({
    page,
    browser,
    user,
  }) => {
    test.setTimeout(300_000);
    const receiver = await startWebhookReceiver();
    const provider = await createProvider(`Stadtwerke Compose ${uniqueWord()}`, receiver.url);
    // A provider that has written to the user can be written to.
    await deliverLetter(provider, {
      recipientEmail: user.email,
      subject: 'Ihr Vertrag',
      pdf: await makePdf([['Vertrag']]),
    });
    const friend = await createInvitedUser('Jonas');
    const friendInbox = await openInboxOf(browser, friend, language);
    const subject = `Grüße ${uniqueWord()}`;
    const body = 'Liebe Grüße,\n\nbis bald.';
    const postalName = `Zofia Łukasiewicz-Öztürk ${uniqueWord()}`;

    await logInIn(page, user, language);
    await setSenderAddress(page);
    // The friend goes into the address book first, with their Kuvert address.
    const contactName = `Jonas ${uniqueWord()}`;
    await page.goto('/address-book/create');
    await page.getByRole('textbox', { name: w.contactName, exact: true }).fill(contactName);
    await page.getByText(w.contactKuvert, { exact: true }).click();
    await page.getByRole('textbox', { name: w.contactEmail, exact: true }).fill(friend.email);
    await page.getByRole('button', { name: w.addContact }).click();
    await expect(page).toHaveURL(/\/address-book$/u);

    await page.getByRole('navigation').getByRole('link', { name: w.newLetter }).click();
    await expect(page.getByRole('heading', { level: 1, name: w.newLetter })).toBeVisible();
    await page.getByRole('textbox', { name: w.fromAddressBook }).fill(contactName);
    await page.getByRole('option', { name: new RegExp(contactName, 'u') }).click();
    const kuvert = page.getByRole('listitem', { name: w.recipient(1, w.kuvertUser) });
    await expect(kuvert.getByRole('textbox', { name: w.email, exact: true })).toHaveValue(
      friend.email,
    );
    const toProvider = await addRecipient(page, language, w.provider, 2);
    await toProvider.getByRole('combobox', { name: w.chooseProvider, exact: true }).click();
    await page.getByRole('option', { name: provider.name }).click();
    const unknown = await addRecipient(page, language, w.kuvertUser, 3);
    await unknown
      .getByRole('textbox', { name: w.email, exact: true })
      .fill(`nobody-${uniqueWord()}@kuvert.test`);
    await page.getByRole('textbox', { name: w.subject, exact: true }).fill(subject);
    await page.getByRole('textbox', { name: w.body, exact: true }).fill(body);
    await expect(page.getByText(w.saved, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\?draft=/u);

    // The draft is in the outbox; opened from there, and after a reload, it is all there.
    await page.goto('/outbox');
    const draftLink = page.getByRole('link', { name: subject });
    await expect(draftLink).toBeVisible();
    if (language === 'en') await screenshot(page, 'outbox-with-draft');
    await draftLink.click();
    await expect(page.getByRole('textbox', { name: w.subject, exact: true })).toHaveValue(subject);
    await page.reload();
    await expect(page.getByRole('textbox', { name: w.body, exact: true })).toHaveValue(body);
    await expect(kuvert.getByRole('textbox', { name: w.email, exact: true })).toHaveValue(
      friend.email,
    );
    await expect(
      page
        .getByRole('listitem', { name: w.recipient(2, w.provider) })
        .getByRole('combobox', { name: w.chooseProvider, exact: true }),
    ).toHaveValue(provider.name);

    // Nobody on Kuvert has the third address: it goes by post instead.
    await page.getByRole('button', { name: w.send }).click();
    await expect(unknown.getByText(w.notOnKuvert)).toBeVisible();
    await unknown.getByRole('button', { name: w.sendByPost }).click();
    const postal = page.getByRole('listitem', { name: w.recipient(3, w.byPost) });
    await expect(postal.getByRole('textbox', { name: w.name, exact: true })).not.toHaveValue('');
    await postal.getByRole('textbox', { name: w.name, exact: true }).fill(postalName);
    await postal.getByRole('textbox', { name: w.street, exact: true }).fill('Marszałkowska 1');
    await postal.getByRole('textbox', { name: w.postcode, exact: true }).fill('123');
    await postal.getByRole('textbox', { name: w.city, exact: true }).fill('Berlin');
    await page.getByRole('button', { name: w.send }).click();
    await expect(postal.getByText(w.postcodeWrong)).toBeVisible();
    await postal.getByRole('textbox', { name: w.postcode, exact: true }).fill('10117');

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: w.attachFromComputer }).click();
    await (await chooser).setFiles(path.join(import.meta.dirname, 'fixtures/vertrag.pdf'));
    const attachments = page.getByRole('list', { name: w.attachments });
    await expect(attachments.getByText('vertrag.pdf')).toBeVisible();
    await expect(attachments.getByRole('progressbar')).toHaveCount(0, { timeout: 15_000 });
    await expect(page.getByText(w.saved, { exact: true })).toBeVisible();
    await scanWithoutHover(page);
    await screenshot(page, `compose-${language}`);
    await page.getByRole('button', { name: w.send }).click();

    await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    const recipients = page.getByRole('region', { name: w.recipients }).getByRole('listitem');
    await expect(recipients).toHaveCount(3);
    await expect(recipients.getByText(w.delivered, { exact: true })).toHaveCount(2);
    const printed = recipients.filter({ hasText: postalName });
    await expect(printed).toContainText(w.queued);

    // The friend sees it arrive without reloading, from the user by name.
    const arrived = friendInbox.page.getByRole('link', { name: new RegExp(subject, 'u') });
    await expect(arrived).toBeVisible({ timeout: 15_000 });
    await expect(arrived).toContainText(user.firstName);
    await arrived.click();
    await expect(friendInbox.page.getByText('bis bald.')).toBeVisible();
    await expect(friendInbox.page.getByRole('button', { name: w.reply })).toBeEnabled();
    await friendInbox.close();

    // The provider reads it from the Sender API, and was told by a signed webhook.
    const messages = await senderApi<{ items: Array<{ subject: string }> }>(provider, '/messages');
    expect(messages.items.map((message) => message.subject)).toContain(subject);
    const isAboutIt = (hook: { body: string }) =>
      hook.body.includes('message.received') && hook.body.includes(subject);
    await expect.poll(() => receiver.received.some(isAboutIt), { timeout: 20_000 }).toBe(true);
    const webhook = receiver.received.find(isAboutIt);
    expect(webhook && verifyWebhookSignature(webhook, provider.webhookSecret)).toBe(true);
    await receiver.close();

    // The print PDF is rendered into the open batch; the operator downloads and posts it.
    await expect(printed.getByRole('link', { name: w.openPrintPdf })).toBeVisible({
      timeout: 20_000,
    });
    const listing = await cli('print-batches', 'list');
    const batchId = /^(\S+)\s+open\s/mu.exec(listing)?.[1] ?? '';
    expect(batchId).not.toBe('');
    const out = path.join('/tmp', `kuvert-e2e-batch-${batchId}.pdf`);
    await cli('print-batches', 'download', batchId, '--out', out);
    const { stdout: text } = await run('pdftotext', [out, '-']);
    expect(text).toContain(postalName);
    expect((await readFile(out)).subarray(0, 5).toString()).toBe('%PDF-');
    await expect(printed).toContainText(w.printed, { timeout: 20_000 });
    await cli('print-batches', 'mark-sent', batchId);
    await expect(printed).toContainText(w.posted, { timeout: 20_000 });
    await scanWithoutHover(page);
    await screenshot(page, `sent-letter-${language}`);

    // The outbox lists the letter with each recipient's status.
    await page.goto('/outbox');
    const row = page.getByRole('link', { name: new RegExp(subject, 'u') });
    await expect(row).toContainText(`${provider.name}: ${w.delivered}`);
    await expect(row).toContainText(`${postalName}: ${w.posted}`);
  });
}

for (const language of journeyLanguages) {
  const w = words[language];
  const texts = {
    en: { toOutbox: 'To the outbox', kept: 'Your letter is kept as a draft in the outbox.' },
    de: {
      toOutbox: 'Zum Postausgang',
      kept: 'Ihr Brief ist als Entwurf im Postausgang gespeichert.',
    },
  }[language];

  test(`[${language}] an empty recipient card leaves no draft; leaving with a subject says the draft is kept`, async ({
    page,
    user,
  }) => {
    await logInIn(page, user, language);
    await page.goto('/outbox/compose');
    await addRecipient(page, language, w.kuvertUser, 1);
    await page.getByRole('button', { name: texts.toOutbox }).click();
    await expect(page.getByRole('heading', { level: 1, name: w.outbox })).toBeVisible();
    await expect(page.locator('#outbox-drafts')).toHaveCount(0);

    await page.goto('/outbox/compose');
    const subject = `Kündigung ${uniqueWord()}`;
    await page.getByLabel(w.subject).fill(subject);
    await expect(page.getByText(w.saved, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: texts.toOutbox }).click();
    await expect(page.locator('[data-notification-type="positive"]')).toContainText(texts.kept);
    const drafts = page.getByRole('region', { name: w.drafts });
    await expect(drafts.getByRole('link', { name: subject })).toBeVisible();
    await scanWithoutHover(page);
  });
}

/** Issue: a postal letter was dated in the interface language; its language can be chosen. */
for (const language of journeyLanguages) {
  const w = words[language];
  const texts = {
    en: {
      printLanguage: 'Language of the printed letter',
      automatic: 'Automatic (by country)',
      other: 'Deutsch',
      removeFirst: 'Remove recipient 1',
      printedIn: 'Letter language: German',
    },
    de: {
      printLanguage: 'Sprache des gedruckten Briefs',
      automatic: 'Automatisch (nach Land)',
      other: 'English',
      removeFirst: 'Empfänger 1 entfernen',
      printedIn: 'Briefsprache: Englisch',
    },
  }[language];

  test(`[${language}] a letter by post offers its language, automatic by country unless chosen, kept with the draft and shown on the sent letter`, async ({
    page,
    user,
  }) => {
    await logInIn(page, user, language);
    await setSenderAddress(page);
    await page.goto('/outbox/compose');
    const choice = page.getByRole('combobox', { name: texts.printLanguage });
    // Only a letter by post is printed.
    await addRecipient(page, language, w.kuvertUser, 1);
    await expect(choice).toHaveCount(0);
    await addRecipient(page, language, w.byPost, 2);
    await expect(choice).toHaveValue(texts.automatic);

    await page.getByRole('textbox', { name: w.subject, exact: true }).fill(`Brief ${uniqueWord()}`);
    await choice.click();
    await page
      .getByRole('listbox', { name: texts.printLanguage })
      .getByRole('option', { name: texts.other, exact: true })
      .click();
    await expect(choice).toHaveValue(texts.other);
    await expect(page.getByText(w.saved, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/draft=/u);
    await scanWithoutHover(page);

    await page.reload();
    await expect(choice).toHaveValue(texts.other);

    // Sent to Paris, the letter is printed in the chosen language, and its page says so.
    await page.getByRole('button', { name: texts.removeFirst }).click();
    const postal = page.getByRole('listitem', { name: w.recipient(1, w.byPost) });
    await postal.getByRole('textbox', { name: w.name, exact: true }).fill('Claire Dubois');
    await postal.getByRole('textbox', { name: w.street, exact: true }).fill('12 rue de Rivoli');
    await postal.getByRole('textbox', { name: w.postcode, exact: true }).fill('75001');
    await postal.getByRole('textbox', { name: w.city, exact: true }).fill('Paris');
    await postal.getByRole('combobox', { name: w.country, exact: true }).fill('Fr');
    await page.getByRole('option', { name: w.france, exact: true }).click();
    await page.getByRole('textbox', { name: w.body, exact: true }).fill('Bonjour.');
    await expect(choice).toHaveValue(texts.other);
    await page.getByRole('button', { name: w.send }).click();
    const recipients = page.getByRole('region', { name: w.recipients });
    await expect(recipients.getByText(texts.printedIn)).toBeVisible();
    await scanWithoutHover(page);
  });
}
