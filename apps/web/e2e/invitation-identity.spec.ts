import { randomUUID } from 'node:crypto';
import { expect, logIn, test } from './support/fixtures.ts';
import { waitForMailLink } from './support/mail.ts';
import { scanWithoutHover } from './support/page-checks.ts';
import { journeyLanguages } from './support/journey-languages.ts';

/*
 * An invitation that requires a verified identity: the owner ticks it; the invited person,
 * without a Kuvert login, creates it on the accept page, is refused until they verify at the
 * built-in TEST identity provider, comes back to the invitation and joins. A typed test
 * identity, made unique, so reruns do not collide.
 */

const texts = {
  en: {
    manage: 'Manage mailboxes',
    mailboxesTitle: 'Mailboxes',
    inviteForm: 'Invite someone',
    email: 'E-mail address',
    requires: 'The person must verify their identity',
    send: 'Send invitation',
    pendingMark: 'verified identity required',
    required: 'A verified identity is required',
    firstName: 'First name',
    password: 'Password',
    confirm: 'Repeat password',
    createLogin: 'Create login',
    accept: 'Accept invitation',
    refused: 'The owner of the mailbox requires a verified identity to accept this invitation.',
    verify: 'Verify your identity',
    givenName: 'Given name',
    familyName: 'Family name',
    birthdate: 'Birth date',
    useTyped: 'Verify as this test identity',
    verified: 'Your identity is verified',
    back: 'Back to the invitation to accept it',
  },
  de: {
    manage: 'Postfächer verwalten',
    mailboxesTitle: 'Postfächer',
    inviteForm: 'Jemanden einladen',
    email: 'E-Mail-Adresse',
    requires: 'Die Person muss ihre Identität verifizieren',
    send: 'Einladung senden',
    pendingMark: 'verifizierte Identität erforderlich',
    required: 'Eine verifizierte Identität ist erforderlich',
    firstName: 'Vorname',
    password: 'Passwort',
    confirm: 'Passwort wiederholen',
    createLogin: 'Zugang anlegen',
    accept: 'Einladung annehmen',
    refused: 'Die Inhaberin oder der Inhaber des Postfachs verlangt für diese Einladung',
    verify: 'Identität verifizieren',
    givenName: 'Vorname',
    familyName: 'Nachname',
    birthdate: 'Geburtsdatum',
    useTyped: 'Mit dieser Test-Identität bestätigen',
    verified: 'Ihre Identität ist verifiziert',
    back: 'Zurück zur Einladung, um sie anzunehmen',
  },
} as const;

for (const language of journeyLanguages) {
  const t = texts[language];
  test(`an invitation that requires a verified identity is accepted only after verifying (${language})`, async ({
    page,
    browser,
    user: owner,
  }) => {
    test.setTimeout(120_000);
    const email = `e2e-${randomUUID().slice(0, 8)}@kuvert.test`;
    const password = `Richtiges Pferd ${randomUUID().slice(0, 6)}`;

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
    const section = page.getByRole('region', { name: `${owner.firstName} Mustermann` });
    const form = section.getByRole('form', { name: t.inviteForm });
    await form.getByLabel(t.email).fill(email);
    await form.getByRole('checkbox', { name: t.requires }).check();
    await scanWithoutHover(page);
    await form.getByRole('button', { name: t.send }).click();
    const pending = section.locator(`[data-invitation="${email}"]`);
    await expect(pending.getByText(t.pendingMark)).toBeVisible();

    const link = await waitForMailLink(email, '/invitation');
    const second = await browser.newContext(language === 'de' ? { locale: 'de-DE' } : {});
    try {
      const other = await second.newPage();
      await other.goto(link);
      await expect(other.getByText(t.required)).toBeVisible();
      await scanWithoutHover(other);
      await other.getByLabel(t.firstName).fill('Nia');
      await other.getByRole('textbox', { name: t.password, exact: true }).fill(password);
      await other.getByRole('textbox', { name: t.confirm, exact: true }).fill(password);
      await other.getByRole('button', { name: t.createLogin, exact: true }).click();

      // Logged in now, not a member yet: accepting is refused until the identity is verified.
      await other.getByRole('button', { name: t.accept }).click();
      await expect(other.getByText(t.refused)).toBeVisible();
      await scanWithoutHover(other);
      await other.getByRole('button', { name: t.verify }).click();

      const familyName = `Einladung ${randomUUID().slice(0, 8)}`;
      await other.getByLabel(t.givenName).fill('Nia');
      await other.getByLabel(t.familyName).fill(familyName);
      await other.getByLabel(t.birthdate).fill('1991-02-03');
      await other.getByRole('button', { name: t.useTyped }).click();
      await expect(other.getByRole('heading', { level: 2, name: t.verified })).toBeVisible();
      await other.getByRole('link', { name: t.back }).click();

      await other.getByRole('button', { name: t.accept }).click();
      await expect(other.locator('[data-notification-type="positive"]')).toBeVisible();

      await page.reload();
      await expect(section.locator(`[data-member="${email}"]`)).toBeVisible();
    } finally {
      await second.close();
    }
  });
}
