import { countMailsTo, waitForMailLink } from './support/mail.ts';
import { expect, logIn, test } from './support/fixtures.ts';

test('a forgotten password is reset through the e-mailed link', async ({ page, user }) => {
  const mailsBefore = countMailsTo(user.email);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByLabel(/e-mail/i).fill(user.email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByText(/If the address is known to us/)).toBeVisible();

  const link = await waitForMailLink(user.email, '/reset/password/', mailsBefore);
  await page.goto(link);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Choose a new password' }),
  ).toBeVisible();

  await expect(page.getByText(`For the account ${user.email}.`)).toBeVisible();
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('short');
  await page.getByLabel('Repeat new password').fill('short');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Please enter at least 10 characters.')).toBeVisible();

  const newPassword = 'A much better passphrase 42';
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
  await page.getByLabel('Repeat new password').fill(newPassword);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.locator('[data-notification-type="positive"]')).toContainText(
    'Your password has been changed',
  );

  await logIn(page, { ...user, password: newPassword });
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();

  // Reset links are single use: a used one says so at once, before any typing.
  await page.goto(link);
  await expect(page.getByText('This link is no longer valid')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'New password', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
});

test('a made-up reset link is refused before a password is typed, in German too', async ({
  page,
  browser,
}) => {
  await page.goto('/reset/password/bm90LWEtcmVhbC10b2tlbg');
  await expect(page.getByText('This link is no longer valid')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'New password', exact: true })).toHaveCount(0);

  const german = await browser.newContext({ locale: 'de-DE' });
  try {
    const seite = await german.newPage();
    await seite.goto('/reset/password/bm90LWEtcmVhbC10b2tlbg');
    await expect(seite.getByText('Dieser Link ist nicht mehr gültig')).toBeVisible();
    await expect(seite.getByRole('link', { name: 'Neuen Link anfordern' })).toBeVisible();
  } finally {
    await german.close();
  }
});

test('an unknown address gets the same answer as a known one', async ({ page }) => {
  await page.goto('/login?view=forgot-password');
  await page.getByLabel(/e-mail/i).fill('nobody-here@kuvert.test');
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByText(/If the address is known to us/)).toBeVisible();
});

test('an invalid e-mail verification link says so', async ({ page }) => {
  await page.goto('/verify/email?token=not-a-real-token');
  await expect(page.getByText('This link is no longer valid')).toBeVisible();
});
