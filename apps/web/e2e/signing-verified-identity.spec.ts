import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { E2E_BASE_URL } from './support/environment.ts';
import { expect, logIn, test } from './support/fixtures.ts';
import { scanWithoutHover, screenshot } from './support/page-checks.ts';
import { createProvider, NO_WEBHOOK, senderApi, uniqueWord } from './support/provider.ts';
import { deliverSignatureRequest, portalPost } from './support/signatures.ts';
import type { TestUser } from './support/users.ts';

/*
 * Issue 24, "signing with a verified identity": the provider requires a verified identity of
 * the signer. The letter says so before they try (and the server refuses a signature), they
 * verify with Kuvert's built-in TEST identity provider, come back to the letter and sign; the
 * provider sees who confirmed their identity, and so does anyone checking the sealed copy on the
 * public "verify a document" page. A typed test identity, unique per run: one person
 * belongs to one Kuvert user.
 */

const texts = {
  en: {
    panel: 'Signature request',
    required: 'Verified identity required',
    requiredText: /requires you to verify your identity before you sign/,
    verify: 'Verify your identity',
    decline: 'Decline',
    idpTitle: 'Verify your identity (test)',
    high: /^High/,
    givenName: 'Given name',
    familyName: 'Family name',
    birthDate: 'Birth date',
    useTyped: 'Verify as this test identity',
    verified: 'Your identity is verified',
    backToLetter: 'Back to the letter to sign it',
    sign: 'Sign',
    dialog: 'Sign the document',
    consent: /^I agree that this is my signature/,
    password: 'Your password',
    submit: 'Sign now',
    signed: 'You signed the document.',
    completed: 'Completed',
    identifiedBy: /^Identified by .*\/test-idp, level http:\/\/eidas\.europa\.eu\/LoA\/high$/,
    download: 'Download sealed copy',
    verifyLink: 'Verify a document',
    verifyTitle: 'Verify a document',
    sealedUnchanged: 'Unchanged since sealed by Kuvert',
  },
  de: {
    panel: 'Signaturanfrage',
    required: 'Verifizierte Identität erforderlich',
    requiredText: /verlangt, dass Sie Ihre Identität verifizieren, bevor Sie unterschreiben/,
    verify: 'Identität verifizieren',
    decline: 'Ablehnen',
    idpTitle: 'Identität bestätigen (Test)',
    high: /^Hoch/,
    givenName: 'Vorname',
    familyName: 'Nachname',
    birthDate: 'Geburtsdatum',
    useTyped: 'Mit dieser Test-Identität bestätigen',
    verified: 'Ihre Identität ist verifiziert',
    backToLetter: 'Zurück zum Brief, um ihn zu unterschreiben',
    sign: 'Unterschreiben',
    dialog: 'Dokument unterschreiben',
    consent: /^Ich stimme zu, dass dies meine Unterschrift/,
    password: 'Ihr Passwort',
    submit: 'Unterschreiben',
    signed: 'Sie haben das Dokument unterschrieben.',
    completed: 'Abgeschlossen',
    identifiedBy:
      /^Identifiziert durch .*\/test-idp, Niveau http:\/\/eidas\.europa\.eu\/LoA\/high$/,
    download: 'Versiegelte Fassung herunterladen',
    verifyLink: 'Ein Dokument prüfen',
    verifyTitle: 'Dokument prüfen',
    sealedUnchanged: 'Unverändert seit der Versiegelung durch Kuvert',
  },
} as const;
type Language = keyof typeof texts;

interface SenderSigner {
  email: string;
  status: string;
  identity_requirement: string | null;
  verified_identity: { issuer: string; acr: string | null; name: string | null } | null;
}

async function verifyThenSign(page: Page, user: TestUser, language: Language) {
  const t = texts[language];
  const provider = await createProvider(`Notariat ${uniqueWord()}`, NO_WEBHOOK);
  const subject = `Kaufvertrag ${uniqueWord()}`;
  const letterId = await deliverSignatureRequest(provider, {
    recipientEmail: user.email,
    subject,
    signers: [{ email: user.email, identity: 'verified' }],
  });

  await logIn(page, user, `/login?redirect=${encodeURIComponent(`/inbox/${letterId}`)}`);
  await expect(page.getByRole('banner')).toBeVisible();
  if (language === 'de') await page.getByRole('banner').getByLabel('Language').selectOption('de');
  const panel = page.getByRole('region', { name: t.panel, exact: true });

  // Before they try: the letter says what the sender requires, and offers the way there.
  const notice = panel.getByTestId('identity-required');
  await expect(notice).toContainText(t.required);
  await expect(notice).toContainText(t.requiredText);
  await expect(panel.getByRole('button', { name: t.sign, exact: true })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: t.decline })).toBeVisible();
  await scanWithoutHover(page);
  await screenshot(page, `verified-signing-${language}-required`);
  // And the server refuses a signature made anyway.
  const refused = await portalPost(page, `/api/letters/${letterId}/signature/sign`, {
    method: 'typed',
    typed_name: 'Max Mustermann',
    consent: true,
    password: user.password,
  });
  expect(refused).toEqual({ status: 403, code: 'IDENTITY_VERIFICATION_REQUIRED' });

  // Verify at the test identity provider with a typed, unique test person.
  await panel.getByRole('button', { name: t.verify }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.idpTitle })).toBeVisible();
  await page.getByRole('radio', { name: t.high }).check();
  const familyName = `Mustermann ${randomUUID().slice(0, 8)}`;
  await page.getByLabel(t.givenName).fill('Max');
  await page.getByLabel(t.familyName).fill(familyName);
  await page.getByLabel(t.birthDate).fill('1962-03-04');
  await page.getByRole('button', { name: t.useTyped }).click();

  // Back in Kuvert: verified, and the way back to the letter.
  await expect(page.getByRole('heading', { level: 2, name: t.verified })).toBeVisible();
  await expect(page.getByText(`Max ${familyName}`)).toBeVisible();
  await scanWithoutHover(page);
  await page.getByRole('link', { name: t.backToLetter }).click();
  await expect(page).toHaveURL(new RegExp(`/inbox/${letterId}$`));

  // Now it signs as any request does: consent and the password again.
  await expect(panel.getByTestId('identity-required')).toHaveCount(0);
  await panel.getByRole('button', { name: t.sign, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: t.dialog });
  await dialog.getByRole('checkbox', { name: t.consent }).check();
  await dialog.getByRole('textbox', { name: t.password, exact: true }).fill(user.password);
  await dialog.getByRole('button', { name: t.submit }).click();
  await expect(page.getByText(t.signed)).toBeVisible();
  await expect(panel.getByTestId('signature-standing')).toHaveText(t.completed);
  await expect(panel.getByText(t.identifiedBy)).toBeVisible();
  await expect(panel.getByRole('link', { name: t.download })).toBeVisible({ timeout: 30_000 });
  await scanWithoutHover(page);
  await screenshot(page, `verified-signing-${language}-signed`);

  // Anyone checking the sealed copy on the public page learns how the signer was identified.
  const sealedHref = await panel.getByRole('link', { name: t.download }).getAttribute('href');
  expect(sealedHref).not.toBeNull();
  const sealed = await page.request.get(sealedHref ?? '');
  expect(sealed.status()).toBe(200);
  await panel.getByRole('link', { name: t.verifyLink }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.verifyTitle })).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles({
    name: `${subject}.pdf`,
    mimeType: 'application/pdf',
    buffer: await sealed.body(),
  });
  // The first check of a server starts its verifying child: allow for a cold start.
  await expect(page.getByRole('heading', { level: 2, name: t.sealedUnchanged })).toBeVisible({
    timeout: 20_000,
  });
  const signer = page.getByRole('list').getByRole('listitem');
  await expect(signer).toHaveCount(1);
  await expect(signer.getByText(t.identifiedBy)).toBeVisible();
  await scanWithoutHover(page);
  await screenshot(page, `verified-signing-${language}-verify-document`);

  // The provider sees who confirmed the signer's identity.
  const status = await senderApi<{ signature: { signers: SenderSigner[] } }>(
    provider,
    `/letters/${letterId}`,
  );
  expect(status.signature.signers).toEqual([
    expect.objectContaining({
      email: user.email,
      status: 'signed',
      identity_requirement: 'verified',
      verified_identity: {
        issuer: `${E2E_BASE_URL}/test-idp`,
        acr: 'http://eidas.europa.eu/LoA/high',
        name: `Max ${familyName}`,
      },
    }),
  ]);
}

test('a signer the sender requires to be verified verifies first, then signs', async ({
  page,
  user,
}) => {
  await verifyThenSign(page, user, 'en');
});

test('auf Deutsch: erst die Identität verifizieren, dann unterschreiben', async ({
  page,
  user,
}) => {
  await verifyThenSign(page, user, 'de');
});
