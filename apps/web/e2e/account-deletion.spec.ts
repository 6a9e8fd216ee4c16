import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, logIn, test } from './support/fixtures.ts';
import { countMailsTo, readMailsTo } from './support/mail.ts';
import { screenshot } from './support/page-checks.ts';
import {
  createProvider,
  deliverLetter,
  makePdf,
  NO_WEBHOOK,
  uniqueWord,
} from './support/provider.ts';
import type { TestUser } from './support/users.ts';

/** Issue 25: delete the account with password and mailed code; log in within 30 days to cancel. */

const texts = {
  en: {
    profile: 'Profile',
    home: 'Home',
    openDeletion: 'Delete account…',
    pageTitle: 'Delete your account',
    password: 'Your password',
    sendCode: 'Send me a code',
    code: 'Code from the e-mail',
    confirm: 'Delete my account',
    wrongCode: /This code is wrong\. 4 tries left\./,
    loggedOut: /You have been logged out\. Your account will be deleted on/,
    pendingTitle: 'Your account is being deleted',
    pending: /Your account will be deleted on \d{1,2} \w{3} \d{4}\./,
    cancel: 'Cancel deletion',
    logOut: 'Log out',
    loginTitle: 'Log in to Kuvert',
    inbox: 'Inbox',
    mailSubject: 'Your code to delete',
  },
  de: {
    profile: 'Profil',
    home: 'Start',
    openDeletion: 'Konto löschen…',
    pageTitle: 'Ihr Konto löschen',
    password: 'Ihr Passwort',
    sendCode: 'Code senden',
    code: 'Code aus der E-Mail',
    confirm: 'Mein Konto löschen',
    wrongCode: /Dieser Code ist falsch\. Noch 4 Versuche\./,
    loggedOut: /Sie wurden abgemeldet\. Ihr Konto wird am .+ gelöscht/,
    pendingTitle: 'Ihr Konto wird gelöscht',
    pending: /Ihr Konto wird am \d{1,2}\. \S+ \d{4} gelöscht\./,
    cancel: 'Löschen abbrechen',
    logOut: 'Abmelden',
    loginTitle: 'Bei Kuvert anmelden',
    inbox: 'Posteingang',
    mailSubject: 'Code',
  },
};

/** The 8-digit code of the newest deletion mail after `seenBefore` mails. */
async function codeMailedTo(email: string, seenBefore: number): Promise<string> {
  let code = '';
  await expect
    .poll(() => {
      const mails = readMailsTo(email).slice(seenBefore);
      const match = mails.map((mail) => /^(\d{8})\s*$/m.exec(mail)).find(Boolean);
      code = match?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{8}$/);
  return code;
}

async function journey(page: Page, user: TestUser, language: 'en' | 'de'): Promise<void> {
  const t = texts[language];
  const provider = await createProvider(`Stadtwerke ${uniqueWord('heron')}`, NO_WEBHOOK);
  const subject = `Bill ${uniqueWord('otter')}`;
  await deliverLetter(provider, {
    recipientEmail: user.email,
    subject,
    pdf: await makePdf([['A letter before the deletion']]),
  });

  await page.goto('/login');
  if (language === 'de') await page.getByLabel('Language').selectOption('de');
  await logIn(page, user, page.url());
  await expect(page.getByRole('heading', { level: 1, name: t.home })).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: t.profile })).toBeVisible();
  await page.getByRole('link', { name: t.openDeletion }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.pageTitle })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, `account-deletion/request-${language}`);

  // The password, then the code from the mail; a wrong code first.
  const mailsBefore = countMailsTo(user.email);
  await page.getByLabel(t.password).fill(user.password);
  await page.getByRole('button', { name: t.sendCode }).click();
  const codeField = page.getByRole('textbox', { name: t.code });
  await expect(codeField).toBeVisible();
  const code = await codeMailedTo(user.email, mailsBefore);
  await codeField.fill(code === '00000000' ? '11111111' : '00000000');
  await page.getByRole('button', { name: t.confirm }).click();
  await expect(page.getByText(t.wrongCode)).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, `account-deletion/code-${language}`);
  await codeField.fill(code);
  await page.getByRole('button', { name: t.confirm }).click();

  // Logged out, told when.
  await expect(page.getByRole('heading', { level: 1, name: t.loginTitle })).toBeVisible();
  await expect(page.getByText(t.loggedOut)).toBeVisible();

  // Logging in within the grace period offers to cancel, not the portal.
  await logIn(page, user, page.url());
  await expect(page.getByRole('heading', { level: 1, name: t.pendingTitle })).toBeVisible();
  await expect(page.getByText(t.pending)).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, `account-deletion/pending-${language}`);
  // "Log out" goes back to the login; the next login offers it again.
  await page.getByRole('button', { name: t.logOut }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.loginTitle })).toBeVisible();
  await logIn(page, user, page.url());
  await page.getByRole('button', { name: t.cancel }).click();
  // The session is back once the portal opens; going elsewhere before that would race it.
  await expect(page.getByRole('heading', { level: 1, name: t.home })).toBeVisible();

  // Restored: the inbox works, with the letter that was there.
  await page.goto('/inbox');
  await expect(page.getByRole('heading', { level: 1, name: t.inbox })).toBeVisible();
  await expect(page.getByText(subject)).toBeVisible();
}

test('the account is deleted with password and mailed code, and the deletion cancelled at login', async ({
  page,
  user,
}) => {
  test.setTimeout(240_000);
  await journey(page, user, 'en');
});

test('in German at phone width', async ({ browser, user }) => {
  test.setTimeout(240_000);
  // German is picked on the login page (the person's profile then keeps it), as people do.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    await journey(await context.newPage(), user, 'de');
  } finally {
    await context.close();
  }
});
