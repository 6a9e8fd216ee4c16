import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { E2E_BASE_URL } from './support/environment.ts';
import { expect, logIn, test } from './support/fixtures.ts';
import { waitForMailLink } from './support/mail.ts';
import { scanWithoutHover, screenshot } from './support/page-checks.ts';
import {
  NO_WEBHOOK,
  createProvider,
  deliverLetter,
  makePdf,
  uniqueWord,
} from './support/provider.ts';
import { addAccountMember } from './support/signatures.ts';
import { createInvitedUser, type TestUser } from './support/users.ts';
import { journeyLanguages } from './support/journey-languages.ts';

function isoDay(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

async function deliverInvoice(recipientEmail: string, subject: string): Promise<string> {
  const provider = await createProvider(`Stadtwerke ${uniqueWord()}`, NO_WEBHOOK);
  return deliverLetter(provider, {
    recipientEmail,
    subject,
    body: 'Dear customer,\nplease find your invoice attached.',
    kind: 'invoice',
    invoice: {
      amount: 4_200,
      currency: 'EUR',
      due_date: isoDay(14),
      iban: 'DE89370400440532013000',
      reference: `RF-${uniqueWord().toUpperCase()}`,
    },
    pdf: await makePdf([['Invoice', subject]]),
    filename: 'invoice.pdf',
  });
}

/** The status of a plain API read of the letter, with the page's session cookie. */
async function letterStatus(page: Page, letterId: string): Promise<number> {
  const response = await page.request.get(`${E2E_BASE_URL}/api/letters/${letterId}`);
  return response.status();
}

const texts = {
  en: {
    manage: 'Manage mailboxes',
    mailboxesTitle: 'Mailboxes',
    inviteForm: 'Invite someone',
    email: 'E-mail address',
    role: 'Role',
    viewer: 'viewer',
    send: 'Send invitation',
    invitationTitle: 'Invitation to a mailbox',
    pendingTitle: 'Open invitations',
    unusable: 'This invitation cannot be used',
    remove: 'Remove',
    removeDialog: 'Remove member?',
    yourRole: 'Your role: Owner',
    untilOf: (name: string) => `Access of ${name} until`,
    saveUntil: 'Save end date',
    ended: 'Access ended',
  },
  de: {
    manage: 'Postfächer verwalten',
    mailboxesTitle: 'Postfächer',
    inviteForm: 'Jemanden einladen',
    email: 'E-Mail-Adresse',
    role: 'Rolle',
    viewer: 'viewer',
    send: 'Einladung senden',
    invitationTitle: 'Einladung zu einem Postfach',
    pendingTitle: 'Offene Einladungen',
    unusable: 'Diese Einladung kann nicht verwendet werden',
    remove: 'Entfernen',
    removeDialog: 'Mitglied entfernen?',
    yourRole: 'Ihre Rolle: Inhaber:in',
    untilOf: (name: string) => `Zugang von ${name} bis`,
    saveUntil: 'Enddatum speichern',
    ended: 'Zugang beendet',
  },
} as const;

type Language = keyof typeof texts;

/** The owner opens Profile → Mailboxes in the language given. */
async function openMailboxes(page: Page, owner: TestUser, language: Language): Promise<void> {
  const t = texts[language];
  await logIn(page, owner, '/login?redirect=/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  if (language === 'de') {
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/profile') && response.request().method() === 'PATCH',
    );
    await page.getByRole('banner').getByLabel('Language').selectOption('de');
    expect((await saved).status()).toBe(200);
  }
  await page.getByRole('link', { name: t.manage }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.mailboxesTitle })).toBeVisible();
}

function mailboxSection(page: Page, owner: TestUser) {
  return page.getByRole('region', { name: `${owner.firstName} Mustermann` });
}

for (const language of journeyLanguages) {
  const t = texts[language];

  test(`an owner invites a viewer by e-mail, who reads but cannot act, until removed (${language})`, async ({
    page,
    browser,
    user: owner,
  }) => {
    test.setTimeout(120_000);
    const subject = `Strom ${uniqueWord()}`;
    const letterId = await deliverInvoice(owner.email, subject);
    // English: someone with a Kuvert login; German: someone without, who signs up on the page.
    const invitee =
      language === 'en'
        ? await createInvitedUser('Ben')
        : {
            email: `e2e-${randomUUID().slice(0, 8)}@kuvert.test`,
            password: `Richtiges Pferd ${randomUUID().slice(0, 6)}`,
            firstName: 'Nia',
          };

    await openMailboxes(page, owner, language);
    const section = mailboxSection(page, owner);
    await expect(section.getByText(t.yourRole)).toBeVisible();
    await scanWithoutHover(page);
    const form = section.getByRole('form', { name: t.inviteForm });
    await form.getByLabel(t.email).fill(invitee.email);
    await form.getByLabel(t.role).selectOption(t.viewer);
    await form.getByRole('button', { name: t.send }).click();
    await expect(section.locator(`[data-invitation="${invitee.email}"]`)).toBeVisible();
    await expect(section.getByRole('heading', { name: t.pendingTitle })).toBeVisible();
    await screenshot(page, `profile-mailboxes-${language}`);

    const link = await waitForMailLink(invitee.email, '/invitation');
    const second = await browser.newContext(language === 'de' ? { locale: 'de-DE' } : {});
    try {
      const other = await second.newPage();
      await other.goto(link);
      await expect(other.getByRole('heading', { level: 1, name: t.invitationTitle })).toBeVisible();
      await expect(other.getByTestId('invitation-mailbox')).toHaveText(
        `${owner.firstName} Mustermann`,
      );
      await scanWithoutHover(other);
      await screenshot(other, `mailbox-invitation-${language}`);
      if (language === 'en') {
        await other.getByRole('link', { name: 'Log in to accept' }).click();
        await other.getByLabel(/e-mail/i).fill(invitee.email);
        await other.getByRole('textbox', { name: /^password$/i }).fill(invitee.password);
        await other.getByRole('button', { name: /log in/i }).click();
        await other.getByRole('button', { name: 'Accept invitation' }).click();
      } else {
        await other.getByLabel('Vorname').fill(invitee.firstName);
        await other.getByLabel('Nachname').fill('Mustermann');
        await other.getByRole('textbox', { name: /^Passwort$/ }).fill(invitee.password);
        await other.getByRole('textbox', { name: /^Passwort wiederholen$/ }).fill(invitee.password);
        await other.getByRole('button', { name: 'Zugang anlegen und annehmen' }).click();
      }
      await expect(other.locator('[data-notification-type="positive"]')).toBeVisible();

      // As a viewer: reads the letter, but nothing to pay, sign or delete.
      await other.goto(`/inbox/${letterId}`);
      await expect(other.getByRole('heading', { level: 1, name: subject })).toBeVisible();
      await expect(other.getByRole('button', { name: /^(Pay|Bezahlen)/ })).toHaveCount(0);
      await expect(
        other.getByRole('button', { name: /^(Mark as paid|Als bezahlt markieren)$/ }),
      ).toHaveCount(0);
      await expect(other.getByRole('button', { name: /^(Sign|Unterschreiben)/ })).toHaveCount(0);
      const trash = other.getByRole('button', { name: /^(Trash|Papierkorb)$/ });
      if ((await trash.count()) > 0) await expect(trash).toBeDisabled();
      expect(await letterStatus(other, letterId)).toBe(200);

      // The link worked once.
      await other.goto(link);
      await expect(other.getByText(t.unusable)).toBeVisible();
      await scanWithoutHover(other);

      // The owner removes them; their next request for that mailbox's letter is 404.
      await page.reload();
      const row = mailboxSection(page, owner).locator(`[data-member="${invitee.email}"]`);
      await row.getByRole('button', { name: t.remove, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: t.removeDialog });
      await dialog.getByRole('button', { name: t.remove, exact: true }).click();
      await expect(row).toHaveCount(0);
      expect(await letterStatus(other, letterId)).toBe(404);
    } finally {
      await second.close();
    }
  });
}

test('a member whose end date is past loses access to the mailbox', async ({
  page,
  browser,
  user: owner,
}) => {
  const member = await createInvitedUser('Ole');
  await addAccountMember(owner.email, member.email, 'member');
  const subject = `Wasser ${uniqueWord()}`;
  const letterId = await deliverInvoice(owner.email, subject);

  const second = await browser.newContext();
  try {
    const other = await second.newPage();
    const markedRead = other.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/letters/${letterId}/read`) &&
        response.request().method() === 'POST',
    );
    await logIn(other, member, `/login?redirect=/inbox/${letterId}`);
    await expect(other.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    expect((await markedRead).status()).toBe(204);
    expect(await letterStatus(other, letterId)).toBe(200);

    // A member sees no line for what they did themselves.
    await expect(other.getByTestId('letter-activity')).toHaveCount(0);

    await openMailboxes(page, owner, 'en');
    const row = mailboxSection(page, owner).locator(`[data-member="${member.email}"]`);
    await row.getByLabel(texts.en.untilOf('Ole Mustermann')).fill(isoDay(-1));
    await row.getByRole('button', { name: texts.en.saveUntil }).click();
    await expect(row.getByText(texts.en.ended)).toBeVisible();
    await scanWithoutHover(page);

    expect(await letterStatus(other, letterId)).toBe(404);

    // The owner sees who of the mailbox read the letter (also after they left).
    await page.goto(`/inbox/${letterId}`);
    await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    await expect(page.getByTestId('letter-activity')).toContainText(
      /^Read by Ole Mustermann · \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}/,
    );
    await scanWithoutHover(page);
  } finally {
    await second.close();
  }
});

const otherPersonTexts = {
  en: {
    accept: 'Accept invitation',
    otherPerson: (email: string) =>
      `This invitation is for ${email}. Log out and log in as that person, or ask the owner to invite you.`,
    logOut: 'Log out',
    signUp: (email: string) => `Create your Kuvert login for ${email}`,
  },
  de: {
    accept: 'Einladung annehmen',
    otherPerson: (email: string) =>
      `Diese Einladung gilt für ${email}. Melden Sie sich ab und als diese Person an, oder bitten Sie die Inhaberin oder den Inhaber, Sie einzuladen.`,
    logOut: 'Abmelden',
    signUp: (email: string) => `Legen Sie Ihren Kuvert-Zugang für ${email} an`,
  },
} as const;

for (const language of journeyLanguages) {
  const t = otherPersonTexts[language];

  test(`an invitation link passed on to someone else does not let them in (${language})`, async ({
    page,
    browser,
    user: owner,
  }) => {
    const invitedEmail = `e2e-${randomUUID().slice(0, 8)}@kuvert.test`;
    const stranger = await createInvitedUser('Lena');

    await openMailboxes(page, owner, 'en');
    const section = mailboxSection(page, owner);
    const form = section.getByRole('form', { name: texts.en.inviteForm });
    await form.getByLabel(texts.en.email).fill(invitedEmail);
    await form.getByLabel(texts.en.role).selectOption('member');
    await form.getByRole('button', { name: texts.en.send }).click();
    await expect(section.locator(`[data-invitation="${invitedEmail}"]`)).toBeVisible();
    const link = await waitForMailLink(invitedEmail, '/invitation');

    const second = await browser.newContext();
    try {
      const other = await second.newPage();
      if (language === 'de') {
        // Picked before logging in, German goes into the stranger's profile.
        await other.goto('/login');
        await other.getByLabel('Language').selectOption('de');
      }
      await logIn(other, stranger);
      await expect(other).not.toHaveURL(/\/login/);
      await other.goto(link);
      await other.getByRole('button', { name: t.accept }).click();
      await expect(other.getByText(t.otherPerson(invitedEmail))).toBeVisible();
      await scanWithoutHover(other);
      const mailboxes = await (await other.request.get(`${E2E_BASE_URL}/api/accounts`)).json();
      expect(mailboxes.accounts.map((account: { name: string }) => account.name)).not.toContain(
        `${owner.firstName} Mustermann`,
      );

      // Logged out, the page offers the invited person's sign-up, and the link still works.
      await other.getByRole('button', { name: t.logOut }).click();
      await expect(other.getByText(t.signUp(invitedEmail))).toBeVisible();
      await expect(section.locator(`[data-invitation="${invitedEmail}"]`)).toBeVisible();
    } finally {
      await second.close();
    }
  });
}
