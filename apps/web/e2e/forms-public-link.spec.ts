import type { Browser, Page } from '@playwright/test';
import { expect, logIn, test } from './support/fixtures.ts';
import { createFormProvider, publishForm } from './support/forms.ts';
import type { FormDefinitionRequest, FormProvider } from './support/forms.ts';
import { scanWithoutHover, screenshot } from './support/page-checks.ts';
import { NO_WEBHOOK, uniqueWord } from './support/provider.ts';
import { addAccountMember } from './support/signatures.ts';
import { createInvitedUser } from './support/users.ts';
import { journeyLanguages } from './support/journey-languages.ts';

/**
 * A form's public link, opened by a person who is logged in: the portal's fill-out page of the
 * same form (prefill, a choice of mailbox, drafts on the server, My forms), forms that are not
 * public too; without a login the link stays the public page.
 */

const words = {
  en: {
    home: 'Home',
    name: 'Full name',
    email: 'E-mail address',
    movingDay: 'Moving day',
    consent: 'I confirm that my answers are true',
    sendFrom: 'Send from',
    draftSaved: 'Draft saved',
    checkAnswers: 'Check answers',
    review: 'Check your answers',
    send: 'Send form',
    sent: 'Your form was sent',
    toMyForms: 'Go to My forms',
    openReceipt: /Open receipt/u,
    notFound: 'Form not found',
    browserOnly: /What you type is kept only in this browser/u,
  },
  de: {
    home: 'Start',
    name: 'Vollständiger Name',
    email: 'E-Mail-Adresse',
    movingDay: 'Einzugstag',
    consent: 'Ich bestätige, dass meine Angaben stimmen',
    sendFrom: 'Senden aus',
    draftSaved: 'Entwurf gespeichert',
    checkAnswers: 'Angaben prüfen',
    review: 'Prüfen Sie Ihre Angaben',
    send: 'Formular senden',
    sent: 'Ihr Formular wurde gesendet',
    toMyForms: 'Zu „Meine Formulare“',
    openReceipt: /Beleg öffnen/u,
    notFound: 'Formular nicht gefunden',
    browserOnly: /Was Sie eingeben, bleibt bis zum Senden nur in diesem Browser/u,
  },
} as const;
type Language = keyof typeof words;

function movingForm(language: Language, title: string, isPublic: boolean): FormDefinitionRequest {
  const w = words[language];
  return {
    title,
    use_cases: ['moving_house'],
    public: isPublic,
    schema: {
      type: 'object',
      properties: {
        full_name: { type: 'string', title: w.name, 'x-kuvert-prefill': 'profile.full_name' },
        email: {
          type: 'string',
          format: 'email',
          title: w.email,
          'x-kuvert-prefill': 'profile.email',
        },
        moving_day: { type: 'string', format: 'date', title: w.movingDay },
        consent: { type: 'boolean', const: true, title: w.consent },
      },
      required: ['full_name', 'email', 'moving_day'],
    },
  };
}

const publicLink = (provider: FormProvider, formId: string) =>
  `/forms/search/by-provider/${provider.id}/fill-out/${formId}`;
const portalPage = (provider: FormProvider, formId: string) =>
  `/forms/my/${provider.id}/${formId}/add`;

/** A field by its label (the label also carries the required mark). */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}`, 'u'));

/** The header's language switch; logged in, it saves to the profile: wait for the server. */
async function switchToGerman(page: Page, isLoggedIn: boolean): Promise<void> {
  const select = page.getByRole('banner').getByLabel('Language');
  if (!isLoggedIn) {
    await select.selectOption('de');
    return;
  }
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/profile') && response.request().method() === 'PATCH',
  );
  await select.selectOption('de');
  expect((await saved).status()).toBe(200);
}

/** The same links in a browser without a login: the public page, and 404 for the other. */
async function expectPublicWithoutLogin(
  browser: Browser,
  language: Language,
  links: { public: string; title: string; hidden: string },
): Promise<void> {
  const w = words[language];
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto(links.public);
  await expect(visitor.getByRole('heading', { level: 1, name: links.title })).toBeVisible();
  if (language === 'de') await switchToGerman(visitor, false);
  await expect(visitor).toHaveURL(links.public);
  // The anonymous page: nothing prefilled, the draft only in this browser.
  await expect(field(visitor, w.name)).toHaveValue('');
  await expect(visitor.getByText(w.browserOnly)).toBeVisible();
  await scanWithoutHover(visitor);
  await visitor.goto(links.hidden);
  await expect(visitor).toHaveURL(links.hidden);
  await expect(visitor.getByRole('heading', { level: 1, name: w.notFound })).toBeVisible();
  await context.close();
}

for (const language of journeyLanguages) {
  const w = words[language];

  test(`[${language}] logged in, a form's public link opens it in the portal: prefilled, a choice of mailbox, a draft on the server, sent into My forms`, async ({
    browser,
    page,
    user,
  }) => {
    test.setTimeout(240_000);
    const provider = await createFormProvider(`Stadtwerke Link ${uniqueWord()}`, NO_WEBHOOK);
    const title = `Moving in ${uniqueWord()}`;
    const published = await publishForm(provider, movingForm(language, title, true));
    const hiddenTitle = `Members only ${uniqueWord()}`;
    const hidden = await publishForm(provider, movingForm(language, hiddenTitle, false));
    // A second mailbox the person may send from: a relative shares theirs.
    const relative = await createInvitedUser('Jonas');
    await addAccountMember(relative.email, user.email, 'member');

    await logIn(page, user);
    if (language === 'de') {
      await expect(page.getByRole('heading', { level: 1, name: words.en.home })).toBeVisible();
      await switchToGerman(page, true);
    }
    await expect(page.getByRole('heading', { level: 1, name: w.home })).toBeVisible();

    // The link a provider sent, opened while logged in: the portal's page of the same form.
    await page.goto(publicLink(provider, published.id));
    await expect(page).toHaveURL(portalPage(provider, published.id));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(field(page, w.name)).toHaveValue(`${user.firstName} Mustermann`);
    await expect(field(page, w.email)).toHaveValue(user.email);
    await expect(page.getByLabel(w.sendFrom).locator('option')).toHaveCount(2);
    // Back leaves for the page the person came from, not into the public address again.
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: w.home })).toBeVisible();
    await page.goForward();
    await expect(page).toHaveURL(portalPage(provider, published.id));

    await field(page, w.movingDay).fill('2026-12-01');
    await expect(page.getByRole('status').filter({ hasText: w.draftSaved })).toBeVisible();
    await expect(page).toHaveURL(/[?&]draft=/u);
    await field(page, w.consent).check();
    await scanWithoutHover(page);
    await screenshot(page, `form-link-logged-in-${language}`);
    await page.getByRole('button', { name: w.checkAnswers }).click();
    await expect(page.getByRole('heading', { level: 2, name: w.review })).toBeFocused();
    await page.getByRole('button', { name: w.send }).click();
    await expect(page.getByRole('heading', { level: 2, name: w.sent })).toBeFocused();
    const reference = (await page.locator('[data-reference]').textContent()) ?? '';
    expect(reference).not.toBe('');

    // Recorded as theirs: in My forms, with its receipt.
    await page.getByRole('link', { name: w.toMyForms }).click();
    await expect(page).toHaveURL(/\/forms\/my$/u);
    const sentRow = page.locator('[data-submission-id]').filter({ hasText: reference });
    await expect(sentRow).toContainText(title);
    await expect(sentRow.getByRole('link', { name: w.openReceipt })).toBeVisible({
      timeout: 20_000,
    });
    await scanWithoutHover(page);

    // A form for logged-in people only opens from its link too.
    await page.goto(publicLink(provider, hidden.id));
    await expect(page).toHaveURL(portalPage(provider, hidden.id));
    await expect(page.getByRole('heading', { level: 1, name: hiddenTitle })).toBeVisible();
    await expect(field(page, w.name)).toHaveValue(`${user.firstName} Mustermann`);

    await expectPublicWithoutLogin(browser, language, {
      public: publicLink(provider, published.id),
      title,
      hidden: publicLink(provider, hidden.id),
    });
  });
}
