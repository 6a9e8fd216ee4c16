import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, logIn, test } from './support/fixtures.ts';
import type { TestUser } from './support/users.ts';
import { scanWithoutHover } from './support/page-checks.ts';
import { portalApi } from './support/portal-api.ts';
import {
  NO_WEBHOOK,
  createProvider,
  deliverLetter,
  makePdf,
  uniqueWord,
} from './support/provider.ts';
import { uploadThroughTus } from './support/uploads.ts';
import { journeyLanguages } from './support/journey-languages.ts';

/** Issue: "There is no search box outside the inbox and no next/previous letter button." */

const words = {
  en: {
    home: 'Home',
    profile: 'Profile',
    search: 'Search the mailbox',
    openSearch: 'Search',
    groups: { letters: 'Letters', uploads: 'Uploads', files: 'Files', contacts: 'Contacts' },
    found: /found/,
    stepper: 'Letters of this list',
    toNewer: (subject: string) => `Newer letter: ${subject}`,
    toOlder: (subject: string) => `Older letter: ${subject}`,
    noNewer: 'No newer letter: this is the newest in the list',
    noOlder: 'No older letter: this is the oldest in the list',
    inbox: 'Inbox',
    results: 'Letters of these results',
    noPrevious: 'No previous result: this is the first letter found',
    toNext: (subject: string) => `Next result: ${subject}`,
    noNext: 'No next result: this is the last letter found',
  },
  de: {
    home: 'Start',
    profile: 'Profil',
    search: 'Postfach durchsuchen',
    openSearch: 'Suchen',
    groups: { letters: 'Briefe', uploads: 'Uploads', files: 'Akten', contacts: 'Kontakte' },
    found: /gefunden/,
    stepper: 'Briefe dieser Liste',
    toNewer: (subject: string) => `Neuerer Brief: ${subject}`,
    toOlder: (subject: string) => `Älterer Brief: ${subject}`,
    noNewer: 'Kein neuerer Brief: Dies ist der neueste in der Liste',
    noOlder: 'Kein älterer Brief: Dies ist der älteste in der Liste',
    inbox: 'Posteingang',
    results: 'Briefe dieser Treffer',
    noPrevious: 'Kein vorheriger Treffer: Dies ist der erste gefundene Brief',
    toNext: (subject: string) => `Nächster Treffer: ${subject}`,
    noNext: 'Kein nächster Treffer: Dies ist der letzte gefundene Brief',
  },
} as const;
type Language = keyof typeof words;

/** Screens for people to look at, when asked for (`E2E_SCREENSHOTS=1`), as they are now. */
async function shot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  mkdirSync('/tmp/shots/header-search', { recursive: true });
  await page.screenshot({ path: `/tmp/shots/header-search/${name}.png` });
}

async function logInIn(page: Page, user: TestUser, language: Language): Promise<void> {
  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: words.en.home })).toBeVisible();
  if (language === 'en') return;
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/profile') && response.request().method() === 'PATCH',
  );
  await page.getByRole('banner').getByLabel('Language').selectOption(language);
  expect((await saved).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: words.de.home })).toBeVisible();
}

/** Arrow down until the chosen option is the one named `name`. */
async function chooseWithArrows(page: Page, box: ReturnType<Page['getByRole']>, name: string) {
  for (let press = 0; press < 8; press += 1) {
    await box.press('ArrowDown');
    const chosen = page.getByRole('listbox').locator('[data-combobox-selected]');
    // The chosen option is the box's active descendant: what a screen reader reads out.
    await expect(box).toHaveAttribute(
      'aria-activedescendant',
      (await chosen.getAttribute('id')) ?? '-',
    );
    if (((await chosen.textContent()) ?? '').includes(name)) return;
  }
  throw new Error(`no option ${name}`);
}

for (const language of journeyLanguages) {
  const w = words[language];

  test(`${language}: the header finds letters, uploads, files and contacts from any page`, async ({
    page,
    user,
  }) => {
    test.setTimeout(240_000);
    const word = uniqueWord('otter');
    const provider = await createProvider(`Stadtwerke ${uniqueWord()}`, NO_WEBHOOK);
    const subject = `Lease ${word}`;
    await deliverLetter(provider, {
      recipientEmail: user.email,
      subject,
      body: 'Your new lease.',
      pdf: await makePdf([['Lease']]),
    });
    await logInIn(page, user, language);
    const api = await portalApi(page);
    const fileTitle = `Flat ${word}`;
    await api.createCaseFile(fileTitle);
    const contactName = `Jana ${word}`;
    await api.createContact({ name: contactName, organisation: 'Stadtbibliothek Köln' });
    const uploadName = `Contract ${word}.pdf`;
    await uploadThroughTus(page, {
      name: uploadName,
      mimeType: 'application/pdf',
      buffer: await makePdf([['Contract']]),
    });

    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: w.profile })).toBeVisible();
    const box = page.getByRole('banner').getByRole('combobox', { name: w.search });
    // `/` jumps to the header's box where the page has none of its own.
    await page.keyboard.press('/');
    await expect(box).toBeFocused();
    await box.pressSequentially(word);

    const list = page.getByRole('listbox', { name: w.search });
    const group = (name: string) => list.getByRole('group', { name });
    await expect(group(w.groups.letters).getByRole('option', { name: subject })).toBeVisible();
    await expect(group(w.groups.uploads).getByRole('option', { name: uploadName })).toBeVisible();
    await expect(group(w.groups.files).getByRole('option', { name: fileTitle })).toBeVisible();
    await expect(group(w.groups.contacts).getByRole('option', { name: contactName })).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await scanWithoutHover(page);
    await shot(page, `open-${language}-1280`);

    // Escape closes the list and keeps the words; arrows choose, Enter opens.
    await box.press('Escape');
    await expect(list).toBeHidden();
    await expect(box).toHaveValue(word);
    await chooseWithArrows(page, box, fileTitle);
    await box.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: fileTitle })).toBeVisible();

    // Enter without a choice: every letter and upload found, on the inbox's search page.
    await page.keyboard.press('/');
    await expect(box).toBeFocused();
    await box.fill(word);
    await expect(list).toBeVisible();
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/inbox\\?q=${word}$`));
    await expect(page.getByRole('status').filter({ hasText: w.found })).toBeVisible();
    await expect(page.locator('li[data-letter-id]').filter({ hasText: subject })).toBeVisible();
    // On the inbox, `/` is its own box's.
    await page.keyboard.press('/');
    await expect(page.getByRole('main').getByRole('searchbox')).toBeFocused();

    // On a phone: an icon button opens the box over the header.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: w.profile })).toBeVisible();
    await shot(page, `closed-${language}-390`);
    await page.getByRole('banner').getByRole('button', { name: w.openSearch }).click();
    await expect(box).toBeFocused();
    await box.pressSequentially(word);
    await expect(group(w.groups.contacts).getByRole('option', { name: contactName })).toBeVisible();
    await scanWithoutHover(page);
    await shot(page, `open-${language}-390`);
    await chooseWithArrows(page, box, contactName);
    await box.press('Enter');
    await expect(page).toHaveURL(/\/address-book\/edit\//);
    // Escape in the empty box gives the header back, and focus to the button that opened it.
    const opener = page.getByRole('banner').getByRole('button', { name: w.openSearch });
    await opener.click();
    await expect(box).toBeFocused();
    await box.press('Escape');
    await expect(opener).toBeFocused();
  });

  test(`${language}: a letter steps to the newer and older letters of its list`, async ({
    page,
    user,
  }) => {
    test.setTimeout(240_000);
    const word = uniqueWord();
    const provider = await createProvider(`Hausverwaltung ${uniqueWord()}`, NO_WEBHOOK);
    const pdf = await makePdf([['Letter']]);
    const subjects = ['First', 'Second', 'Third'].map((name) => `${name} ${word}`);
    for (const subject of subjects) {
      await deliverLetter(provider, { recipientEmail: user.email, subject, pdf });
    }
    await logInIn(page, user, language);
    await page.goto('/inbox');
    await expect(page.getByRole('heading', { level: 1, name: w.inbox })).toBeVisible();
    const rows = page.locator('li[data-letter-id] [data-letter-link] p:nth-of-type(1)');
    await expect(rows).toHaveCount(3);
    // The inbox's order (newest first; letters of the same second by id) is the steps' order.
    const order = await rows.allTextContents();
    const [newest = '', middle = '', oldest = ''] = order;

    await page.locator('[data-letter-link]').first().click();
    const title = (subject: string) => page.getByRole('heading', { level: 1, name: subject });
    const stepper = page.getByRole('navigation', { name: w.stepper });
    await expect(title(newest)).toBeVisible();
    await expect(stepper.getByRole('button', { name: w.noNewer })).toBeDisabled();
    await stepper.getByRole('button', { name: w.toOlder(middle) }).click();
    await expect(title(middle)).toBeVisible();
    await expect(stepper.getByRole('button', { name: w.toNewer(newest) })).toBeEnabled();
    await shot(page, `stepper-${language}-1280`);

    // j and k step as they move in the list.
    await page.keyboard.press('j');
    await expect(title(oldest)).toBeVisible();
    await expect(stepper.getByRole('button', { name: w.noOlder })).toBeDisabled();
    await scanWithoutHover(page);
    await page.keyboard.press('k');
    await expect(title(middle)).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(stepper.getByRole('button', { name: w.toOlder(oldest) })).toBeVisible();
    await shot(page, `stepper-${language}-390`);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Opened from search results, a letter steps through the results in their order.
    await page.goto(`/inbox?q=${word}`);
    await expect(rows).toHaveCount(3);
    const found = await rows.allTextContents();
    const [first = '', second = '', last = ''] = found;
    await page.locator('[data-letter-link]').first().click();
    const results = page.getByRole('navigation', { name: w.results });
    await expect(title(first)).toBeVisible();
    await expect(results.getByRole('button', { name: w.noPrevious })).toBeDisabled();
    await results.getByRole('button', { name: w.toNext(second) }).click();
    await expect(title(second)).toBeVisible();
    await page.keyboard.press('j');
    await expect(title(last)).toBeVisible();
    await expect(results.getByRole('button', { name: w.noNext })).toBeDisabled();
  });
}
