import { randomUUID } from 'node:crypto';
import { expect, test } from './support/fixtures.ts';
import { runKuvert } from './support/kuvert-cli.ts';
import { scanWithoutHover } from './support/page-checks.ts';
import { journeyLanguages } from './support/journey-languages.ts';

/*
 * Onboarding by identity: the operator makes a link with `kuvert user onboard`; the person
 * opens it without a login, verifies their identity at the built-in TEST identity provider,
 * comes back, chooses a password and is in their mailbox under the verified name. The link
 * then works no more. A typed test identity, made unique, so reruns do not collide.
 */

const texts = {
  en: {
    title: 'Open your Kuvert mailbox',
    verify: 'Verify your identity',
    givenName: 'Given name',
    familyName: 'Family name',
    birthdate: 'Birth date',
    useTyped: 'Verify as this test identity',
    verified: 'Your identity is verified',
    toPassword: 'Continue: choose your password',
    password: 'Password',
    confirm: 'Repeat password',
    finish: 'Set password and open my mailbox',
    unusable: 'This link cannot be used',
    home: 'Home',
  },
  de: {
    title: 'Ihr Kuvert-Postfach eröffnen',
    verify: 'Identität verifizieren',
    givenName: 'Vorname',
    familyName: 'Nachname',
    birthdate: 'Geburtsdatum',
    useTyped: 'Mit dieser Test-Identität bestätigen',
    verified: 'Ihre Identität ist verifiziert',
    toPassword: 'Weiter: Passwort wählen',
    password: 'Passwort',
    confirm: 'Passwort wiederholen',
    finish: 'Passwort setzen und Postfach öffnen',
    unusable: 'Dieser Link kann nicht verwendet werden',
    home: 'Start',
  },
} as const;

for (const language of journeyLanguages) {
  test(`onboarding by identity (${language}): verify, choose a password, the link is used up`, async ({
    browser,
  }) => {
    const say = texts[language];
    const context = await browser.newContext(language === 'de' ? { locale: 'de-DE' } : {});
    const page = await context.newPage();
    const email = `onboard-${randomUUID().slice(0, 8)}@example.com`;
    const out = await runKuvert(['user', 'onboard', email, '--language', language]);
    const link = /Onboarding link \(single use, valid 7 days\): (\S+)/.exec(out)?.[1];
    if (!link) throw new Error(`no link in: ${out}`);
    const path = new URL(link);

    await page.goto(`${path.pathname}${path.search}`);
    await expect(page.getByRole('heading', { level: 1, name: say.title })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await scanWithoutHover(page);
    await page.getByRole('button', { name: say.verify }).click();

    const familyName = `Onboard ${randomUUID().slice(0, 8)}`;
    await page.getByLabel(say.givenName).fill('Lena');
    await page.getByLabel(say.familyName).fill(familyName);
    await page.getByLabel(say.birthdate).fill('1988-05-06');
    await page.getByRole('button', { name: say.useTyped }).click();

    await expect(page).toHaveURL(/\/verify\/id_process_id\//);
    await expect(page.getByRole('heading', { level: 2, name: say.verified })).toBeVisible();
    await expect(page.getByText(`Lena ${familyName}`)).toBeVisible();
    await scanWithoutHover(page);
    await page.getByRole('link', { name: say.toPassword }).click();

    await expect(page.getByRole('heading', { level: 1, name: say.title })).toBeVisible();
    await expect(page.getByText(`Lena ${familyName}`)).toBeVisible();
    await page
      .getByRole('textbox', { name: say.password, exact: true })
      .fill('a long enough passphrase');
    await page
      .getByRole('textbox', { name: say.confirm, exact: true })
      .fill('a long enough passphrase');
    await scanWithoutHover(page);
    await page.getByRole('button', { name: say.finish }).click();

    // In the portal, under the verified name.
    await expect(page).not.toHaveURL(/\/onboarding/);
    await expect(page.getByRole('heading', { level: 1, name: say.home })).toBeVisible();
    // The personal mailbox carries the verified name.
    await expect(
      page.getByRole('option', { name: new RegExp(`^Lena ${familyName}`) }),
    ).toBeAttached();
    await scanWithoutHover(page);

    // The link works once.
    await page.goto(`${path.pathname}${path.search}`);
    await expect(page.getByText(say.unusable)).toBeVisible();
    await scanWithoutHover(page);
    await context.close();
  });
}

test('cancelling at the identity provider during onboarding says so and leads back to the link', async ({
  page,
}) => {
  const email = `onboard-${randomUUID().slice(0, 8)}@example.com`;
  const out = await runKuvert(['user', 'onboard', email]);
  const link = /Onboarding link \(single use, valid 7 days\): (\S+)/.exec(out)?.[1];
  if (!link) throw new Error(`no link in: ${out}`);
  const path = new URL(link);
  await page.goto(`${path.pathname}${path.search}`);
  await page.getByRole('button', { name: 'Verify your identity' }).click();
  await page.getByRole('button', { name: 'Cancel and return to Kuvert' }).click();

  await expect(
    page.getByRole('heading', { level: 2, name: 'Verification cancelled' }),
  ).toBeVisible();
  await scanWithoutHover(page);
  await page.getByRole('link', { name: 'Back to your onboarding link' }).click();
  // Nothing was stored: the link still asks for the verification first.
  await expect(page.getByRole('button', { name: 'Verify your identity' })).toBeVisible();
  await expect(page.getByText(/Step 1 of 2/)).toBeVisible();
});
