import type { Page } from '@playwright/test';
// The journeys tamper with documents the way the server tests do.
import { withBrokenSignature, withFlippedByte } from '@kuvert/test-fixtures/signed-pdfs';
import { expect, logIn, test } from './support/fixtures.ts';
import { scanWithoutHover, screenshot } from './support/page-checks.ts';
import { makePdf } from './support/provider.ts';
import { kuvertSealedPdf, signedThroughKuvert } from './support/sealed-documents.ts';

async function check(page: Page, name: string, buffer: Buffer): Promise<void> {
  await page.locator('input[type="file"]').setInputFiles({
    name,
    mimeType: 'application/pdf',
    buffer,
  });
}

test('logged out: a sealed PDF is unchanged since sealed by Kuvert, a tampered copy is changed', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const sealed = await kuvertSealedPdf('Mietvertrag Gartenstraße 5');
  await page.goto('/verify-document');
  await expect(page.getByRole('heading', { level: 1, name: 'Verify a document' })).toBeVisible();
  // Opened from outside, a visitor has no portal page to go back to (no login to land on).
  await expect(page.getByRole('link', { name: 'Back', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Download Kuvert's certificate/ })).toHaveAttribute(
    'href',
    '/api/seal/ca-certificate',
  );
  await scanWithoutHover(page);
  await screenshot(page, 'verify-document-empty');

  await check(page, 'mietvertrag.pdf', sealed);
  const verdict = page.getByRole('heading', { level: 2, name: 'Unchanged since sealed by Kuvert' });
  // The first check of a server starts its verifying child: allow for a cold start.
  await expect(verdict).toBeVisible({ timeout: 20_000 });
  await expect(verdict).toBeFocused();
  await expect(page.getByText('Yes, sealed by this Kuvert')).toBeVisible();
  await expect(page.getByText('mietvertrag.pdf')).toBeVisible();
  await scanWithoutHover(page);
  await screenshot(page, 'verify-document-sealed');

  await page.getByRole('button', { name: 'Check another document' }).click();
  await check(page, 'mietvertrag-edited.pdf', withFlippedByte(sealed));
  await expect(
    page.getByRole('heading', { level: 2, name: 'Changed since it was signed' }),
  ).toBeVisible();
  await expect(page.getByText('Changed since signed', { exact: true })).toBeVisible();
  await scanWithoutHover(page);
  await screenshot(page, 'verify-document-changed');
  // The verdict's colours and the badges read in the dark too.
  await page.emulateMedia({ colorScheme: 'dark' });
  await scanWithoutHover(page);
  await screenshot(page, 'verify-document-changed-dark');
});

test('in German: unsigned, not a PDF, and a sealed document', async ({ page }) => {
  test.setTimeout(120_000);
  const sealed = await kuvertSealedPdf('Vollmacht');
  await page.goto('/verify-document');
  await page.getByRole('banner').getByLabel('Language').selectOption('de');
  await expect(page.getByRole('heading', { level: 1, name: 'Dokument prüfen' })).toBeVisible();

  await check(page, 'brief.pdf', Buffer.from(await makePdf([['Ohne Unterschrift']])));
  await expect(
    page.getByRole('heading', { level: 2, name: 'Keine Signaturen gefunden' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Weiteres Dokument prüfen' }).click();

  await check(page, 'notiz.pdf', Buffer.from('Nur ein wenig Text, kein PDF.'));
  await expect(page.getByRole('alert')).toContainText('kein lesbares PDF');

  await check(page, 'vollmacht.pdf', sealed);
  await expect(
    page.getByRole('heading', {
      level: 2,
      name: 'Unverändert seit der Versiegelung durch Kuvert',
    }),
  ).toBeVisible();
  await scanWithoutHover(page);
  await screenshot(page, 'verify-document-de');

  await page.getByRole('button', { name: 'Weiteres Dokument prüfen' }).click();
  await check(page, 'vollmacht-gefaelscht.pdf', withBrokenSignature(sealed));
  await expect(page.getByRole('heading', { level: 2, name: 'Signatur ungültig' })).toBeVisible();
  await expect(page.getByText('Nein, ein anderes Zertifikat')).toBeVisible();
});

test('a signed-in user finds the page from the profile', async ({ page, user }) => {
  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Profile' })
    .click();
  await page.getByRole('link', { name: 'Verify a document' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Verify a document' })).toBeVisible();
  await check(page, 'brief.pdf', Buffer.from(await makePdf([['Unsigned']])));
  await expect(page.getByRole('heading', { level: 2, name: 'No signatures found' })).toBeVisible();
  // Come from the profile, "Back" returns there.
  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
});

test('a request two people signed in Kuvert shows who signed, to anyone', async ({ page }) => {
  test.setTimeout(180_000);
  const signed = await signedThroughKuvert();
  await page.goto('/verify-document');
  await check(page, 'mietvertrag-signiert.pdf', signed.pdf);
  await expect(
    page.getByRole('heading', { level: 2, name: 'Unchanged since sealed by Kuvert' }),
  ).toBeVisible();
  await expect(page.getByText(signed.subject)).toBeVisible();
  await expect(page.getByText(signed.providerName)).toBeVisible();
  const signers = page.getByRole('list').getByRole('listitem');
  await expect(signers).toHaveCount(2);
  for (const [index, signer] of signed.signers.entries()) {
    await expect(signers.nth(index)).toContainText(signer.email);
    await expect(signers.nth(index)).toContainText('Signed');
  }
  await expect(signers.first()).toContainText('Zoë');
  await scanWithoutHover(page);
  await screenshot(page, 'verify-document-signers');
});
