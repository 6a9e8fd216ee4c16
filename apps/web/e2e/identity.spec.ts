import { randomUUID } from 'node:crypto';
import { expect, logIn, test } from './support/fixtures.ts';
import { scanWithoutHover, screenshot } from './support/page-checks.ts';

/*
 * Verifying one's identity from the profile against Kuvert's built-in TEST identity provider:
 * the flow the operator's real provider goes through, with a page to pick or type a test person.
 * One test person belongs to one Kuvert user, as a real one does: a picked person is picked
 * once per run (the German test), a typed one is made unique (the English test).
 */

test.beforeEach(async ({ page, user }) => {
  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Profile' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
});

test('verify with a typed test identity; the profile shows it and that the name differs', async ({
  page,
}) => {
  const identity = page.getByRole('region', { name: 'Identity' });
  await expect(identity.getByText('Your identity is not verified yet.')).toBeVisible();
  await identity.getByRole('button', { name: 'Verify your identity' }).click();

  // The test provider's own page, labelled as a test.
  await expect(
    page.getByRole('heading', { level: 1, name: 'Verify your identity (test)' }),
  ).toBeVisible();
  await expect(
    page.getByText('TEST identity provider — no real person is checked.').first(),
  ).toBeVisible();
  await page.getByRole('radio', { name: /^High/ }).check();
  const familyName = `Mustermann ${randomUUID().slice(0, 8)}`;
  await page.getByLabel('Given name').fill('Max');
  await page.getByLabel('Family name').fill(familyName);
  await page.getByLabel('Birth date').fill('1962-03-04');
  await page.getByRole('button', { name: 'Verify as this test identity' }).click();

  // Back in Kuvert: the result page.
  await expect(page).toHaveURL(/\/verify\/id_process_id\//);
  await expect(
    page.getByRole('heading', { level: 2, name: 'Your identity is verified' }),
  ).toBeVisible();
  await expect(page.getByText(`Max ${familyName}`)).toBeVisible();
  await expect(page.getByText('High (eIDAS)')).toBeVisible();
  await expect(page.getByText(/built-in TEST identity provider/)).toBeVisible();
  await screenshot(page, 'identity-verified');
  await scanWithoutHover(page);

  await page.getByRole('link', { name: 'Back to your profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(identity.getByText(`Max ${familyName}`, { exact: true })).toBeVisible();
  await expect(identity.getByText('Mar 4, 1962')).toBeVisible();
  await expect(identity.getByText('High (eIDAS)')).toBeVisible();
  await expect(identity.getByText(/\/test-idp$/)).toBeVisible();
  await expect(identity.getByText('Your verified name differs from your profile')).toBeVisible();
  await expect(identity.getByRole('button', { name: 'Verify again' })).toBeVisible();
  await screenshot(page, 'identity-profile', identity);
  await scanWithoutHover(page);

  // The notice stays readable in the dark scheme too.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(identity.getByText('Your verified name differs from your profile')).toBeVisible();
  await scanWithoutHover(page);
});

test('cancelling at the provider says so and stores nothing', async ({ page }) => {
  const identity = page.getByRole('region', { name: 'Identity' });
  await identity.getByRole('button', { name: 'Verify your identity' }).click();
  await page.getByRole('button', { name: 'Cancel and return to Kuvert' }).click();

  await expect(
    page.getByRole('heading', { level: 2, name: 'Verification cancelled' }),
  ).toBeVisible();
  await expect(
    page.getByText(/You cancelled the verification at the identity provider/),
  ).toBeVisible();
  await scanWithoutHover(page);
  await page.getByRole('link', { name: 'Back to your profile' }).click();
  await expect(identity.getByText('Your identity is not verified yet.')).toBeVisible();
});

test('in German: verify, and the profile shows the verified identity', async ({ page }) => {
  const details = page.getByRole('form', { name: 'Personal details' });
  await details.getByLabel('Language').selectOption('de');
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();

  const identity = page.getByRole('region', { name: 'Identität' });
  await expect(identity.getByText('Ihre Identität ist noch nicht verifiziert.')).toBeVisible();
  await identity.getByRole('button', { name: 'Identität verifizieren' }).click();

  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(
    page.getByText('TEST-Identitätsanbieter — es wird keine echte Person geprüft.').first(),
  ).toBeVisible();
  await page.getByRole('button', { name: /^Erika Mustermann, geboren am/ }).click();

  await expect(
    page.getByRole('heading', { level: 2, name: 'Ihre Identität ist verifiziert' }),
  ).toBeVisible();
  await expect(page.getByText('Substanziell (eIDAS)')).toBeVisible();
  await scanWithoutHover(page);

  await page.getByRole('link', { name: 'Zurück zu Ihrem Profil' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
  await expect(identity.getByText('Erika Mustermann', { exact: true })).toBeVisible();
  await expect(identity.getByText('12.08.1964')).toBeVisible();
  await expect(identity.getByText('Verifiziert durch')).toBeVisible();
  // The same name as the profile's: nothing to point out.
  await expect(identity.getByText('Ihr verifizierter Name weicht von Ihrem Profil ab')).toHaveCount(
    0,
  );
  await scanWithoutHover(page);
});
