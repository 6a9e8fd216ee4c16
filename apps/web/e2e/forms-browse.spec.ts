import type { Page } from '@playwright/test';
import { expect, logIn, test } from './support/fixtures.ts';
import {
  deliverLetterNamingForm,
  overflowsSideways,
  publishForm,
  saveFormDraft,
  submitForm,
  unpublishForm,
} from './support/forms-browse.ts';
import { scanWithoutHover, screenshot } from './support/page-checks.ts';
import { createProvider, makePdf, NO_WEBHOOK, uniqueWord } from './support/provider.ts';
import type { TestUser } from './support/users.ts';
import { journeyLanguages } from './support/journey-languages.ts';

/** Issue 12: finding forms (search, by provider, by use case, from a letter) and "my forms". */

const words = {
  en: {
    home: 'Home',
    language: 'Language',
    openMenu: 'Open navigation',
    forms: 'Forms',
    recent: 'Forms from your providers',
    search: 'Search all forms',
    results: 'Search results',
    byProvider: /^By provider/u,
    providersTitle: 'Forms by provider',
    filter: 'Filter by name',
    providers: 'Providers',
    letters: 'You have received 2 letters from this provider.',
    showLetters: 'Show them in the inbox',
    byUseCase: /^By use case/u,
    useCasesTitle: 'Forms by use case',
    utilities: /^Utilities/u,
    formsFor: 'Forms for: Utilities',
    fillOut: (title: string) => `Fill out: ${title}`,
    unavailable: 'This form is no longer available.',
    inbox: 'Inbox',
    myForms: 'My forms',
    drafts: 'Drafts',
    sent: 'Sent',
    answered: '1 of 3 fields answered',
    continue: (title: string) => `Continue: ${title}`,
    deleteDraft: (title: string) => `Delete draft: ${title}`,
    deleteTitle: 'Delete this draft?',
    deleteConfirm: 'Delete draft',
    noDrafts: /^No drafts/u,
    sentTo: (provider: string) => `Sent to ${provider}`,
    openReceipt: /^Open receipt/u,
  },
  de: {
    home: 'Start',
    language: 'Sprache',
    openMenu: 'Navigation öffnen',
    forms: 'Formulare',
    recent: 'Formulare Ihrer Absender',
    search: 'Alle Formulare durchsuchen',
    results: 'Suchergebnisse',
    byProvider: /^Nach Absender/u,
    providersTitle: 'Formulare nach Absender',
    filter: 'Nach Namen filtern',
    providers: 'Absender',
    letters: 'Sie haben 2 Briefe von diesem Absender erhalten.',
    showLetters: 'Im Posteingang zeigen',
    byUseCase: /^Nach Anlass/u,
    useCasesTitle: 'Formulare nach Anlass',
    utilities: /^Strom, Gas, Wasser/u,
    formsFor: 'Formulare für: Strom, Gas, Wasser',
    fillOut: (title: string) => `Ausfüllen: ${title}`,
    unavailable: 'Dieses Formular ist nicht mehr verfügbar.',
    inbox: 'Posteingang',
    myForms: 'Meine Formulare',
    drafts: 'Entwürfe',
    sent: 'Gesendet',
    answered: '1 von 3 Feldern ausgefüllt',
    continue: (title: string) => `Weiter ausfüllen: ${title}`,
    deleteDraft: (title: string) => `Entwurf löschen: ${title}`,
    deleteTitle: 'Diesen Entwurf löschen?',
    deleteConfirm: 'Entwurf löschen',
    noDrafts: /^Keine Entwürfe/u,
    sentTo: (provider: string) => `An ${provider} gesendet`,
    openReceipt: /^Beleg öffnen/u,
  },
} as const;
type Language = keyof typeof words;

/** Logs in, in the given language (the header's switch, saved to the profile). */
async function logInIn(page: Page, user: TestUser, language: Language): Promise<void> {
  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: words.en.home })).toBeVisible();
  if (language === 'en') return;
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/profile') && response.request().method() === 'PATCH',
  );
  await page.getByRole('banner').getByLabel(words.en.language).selectOption(language);
  expect((await saved).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: words[language].home })).toBeVisible();
}

/** A meter-reading form in the subset: three fields, for the utilities and moving house. */
function meterForm(title: string, description: string) {
  return {
    title,
    description,
    use_cases: ['utilities', 'moving_house'],
    public: false,
    schema: {
      type: 'object',
      properties: {
        meter_number: { type: 'string', title: 'Zählernummer', maxLength: 40 },
        reading: { type: 'integer', title: 'Zählerstand (kWh)', minimum: 0 },
        reading_date: { type: 'string', format: 'date', title: 'Abgelesen am' },
      },
      required: ['meter_number', 'reading', 'reading_date'],
    },
    ui_schema: { 'ui:order': ['meter_number', 'reading', 'reading_date'] },
  };
}

for (const language of journeyLanguages) {
  const w = words[language];
  // The German journey is walked at phone width.
  const isPhone = language === 'de';

  test(`[${language}] a provider's form is found by search, by provider, by use case and from its letter; my forms lists a draft and a submission with its receipt`, async ({
    page,
    user,
  }) => {
    test.setTimeout(360_000);
    const providerName = `Stadtwerke Formtest ${uniqueWord()}`;
    const provider = await createProvider(providerName, NO_WEBHOOK);
    const searchWord = uniqueWord('zaehler');
    const title = `Zählerstand melden ${uniqueWord()}`;
    const form = await publishForm(
      provider,
      meterForm(title, `Teilen Sie uns Ihren Zählerstand mit (${searchWord}), etwa beim Umzug.`),
    );
    const oldTitle = `Altes Formular ${uniqueWord()}`;
    const oldForm = await publishForm(provider, meterForm(oldTitle, 'Nicht mehr gültig.'));
    const subject = `Bitte Zählerstand melden ${uniqueWord()}`;
    const oldSubject = `Früheres Schreiben ${uniqueWord()}`;
    const pdf = await makePdf([['Bitte melden Sie Ihren Zählerstand.']]);
    await deliverLetterNamingForm(provider, {
      recipientEmail: user.email,
      subject,
      formId: form.id,
      pdf,
    });
    await deliverLetterNamingForm(provider, {
      recipientEmail: user.email,
      subject: oldSubject,
      formId: oldForm.id,
      pdf,
    });
    await unpublishForm(provider, oldForm.id);

    await logInIn(page, user, language);
    if (isPhone) await page.setViewportSize({ width: 390, height: 844 });

    // Forms, from the navigation: the provider wrote to the user, so its form is offered.
    if (isPhone) await page.getByRole('button', { name: w.openMenu }).click();
    await page.getByRole('navigation').getByRole('link', { name: w.forms, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: w.forms })).toBeVisible();
    const recent = page.getByRole('list', { name: w.recent });
    await expect(recent.getByRole('article', { name: title })).toBeVisible();
    // The unpublished form is not offered.
    await expect(recent.getByRole('article', { name: oldTitle })).toHaveCount(0);
    await scanWithoutHover(page);
    await screenshot(page, `forms-start-${language}`);

    // Search finds it by a word of its description, and the search survives a reload.
    await page.getByRole('searchbox', { name: w.search }).fill(searchWord);
    const results = page.getByRole('list', { name: w.results });
    await expect(results.getByRole('article')).toHaveCount(1);
    const card = results.getByRole('article', { name: title });
    await expect(card).toContainText(providerName);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${searchWord}`, 'u'));
    await page.reload();
    await expect(results.getByRole('article', { name: title })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: w.search })).toHaveValue(searchWord);
    expect(await overflowsSideways(page)).toBe(false);
    await scanWithoutHover(page);
    await screenshot(page, `forms-search-${language}`);
    await expect(card.getByRole('link', { name: w.fillOut(title) })).toHaveAttribute(
      'href',
      new RegExp(`^/forms/my/[^/]+/${form.id}/add$`, 'u'),
    );

    // By provider: filtered by name, then the provider's page with its forms and letters.
    await page.goto('/forms');
    await page.getByRole('link', { name: w.byProvider }).click();
    await expect(page.getByRole('heading', { level: 1, name: w.providersTitle })).toBeVisible();
    await page.getByRole('searchbox', { name: w.filter }).fill(providerName.toUpperCase());
    const providers = page.getByRole('list', { name: w.providers });
    await expect(providers.getByRole('listitem')).toHaveCount(1);
    await scanWithoutHover(page);
    await screenshot(page, `forms-by-provider-${language}`);
    await providers.getByRole('link', { name: new RegExp(providerName, 'u') }).click();
    await expect(page.getByRole('heading', { level: 1, name: providerName })).toBeVisible();
    await expect(page.getByText(w.letters)).toBeVisible();
    await expect(page.getByRole('article', { name: title })).toBeVisible();
    await expect(page.getByRole('article', { name: oldTitle })).toHaveCount(0);
    expect(await overflowsSideways(page)).toBe(false);
    await scanWithoutHover(page);
    await screenshot(page, `forms-provider-${language}`);
    await page.getByRole('link', { name: w.showLetters }).click();
    await expect(page).toHaveURL(/\/inbox\/by-tenant\//u);
    await expect(page.getByRole('link', { name: new RegExp(subject, 'u') })).toBeVisible();

    // By use case: chosen in the list, named in the URL, still there after a reload.
    await page.goto('/forms');
    await page.getByRole('link', { name: w.byUseCase }).click();
    await expect(page.getByRole('heading', { level: 1, name: w.useCasesTitle })).toBeVisible();
    await page.getByRole('link', { name: w.utilities }).click();
    await expect(page).toHaveURL(/use_case=utilities/u);
    const forUtilities = page.getByRole('list', { name: w.formsFor });
    await expect(forUtilities.getByRole('article', { name: title })).toBeVisible();
    await page.reload();
    await expect(forUtilities.getByRole('article', { name: title })).toBeVisible();
    await expect(page.getByRole('link', { name: w.utilities })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await scanWithoutHover(page);
    await screenshot(page, `forms-by-use-case-${language}`);

    // The letter that names the form leads to it; the one naming a withdrawn form says so.
    await page.goto('/inbox');
    await page.getByRole('link', { name: new RegExp(oldSubject, 'u') }).click();
    await expect(page.getByRole('heading', { level: 1, name: oldSubject })).toBeVisible();
    await expect(page.getByText(w.unavailable)).toBeVisible();
    await expect(page.getByRole('link', { name: w.fillOut(oldTitle) })).toHaveCount(0);
    await page.goto('/inbox');
    await page.getByRole('link', { name: new RegExp(subject, 'u') }).click();
    const fillOut = page.getByRole('link', { name: w.fillOut(title) });
    await expect(fillOut).toBeVisible();
    await scanWithoutHover(page);
    await screenshot(page, `letter-with-form-${language}`);
    await fillOut.click();
    await expect(page).toHaveURL(new RegExp(`/forms/my/[^/]+/${form.id}/add$`, 'u'));

    // My forms: a draft (one of three answered) and a submission, through the API.
    const draft = await saveFormDraft(page, form, { meter_number: 'Z-4711' });
    const submission = await submitForm(page, form, {
      meter_number: 'Z-4711',
      reading: 12345,
      reading_date: '2026-11-20',
    });
    await page.goto('/forms');
    await page.getByRole('link', { name: w.myForms }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: w.myForms })).toBeVisible();
    const drafts = page.getByRole('list', { name: w.drafts });
    const draftItem = drafts.getByRole('listitem', { name: title });
    await expect(draftItem).toContainText(w.answered);
    await expect(draftItem.getByRole('link', { name: w.continue(title) })).toHaveAttribute(
      'href',
      new RegExp(`/forms/my/[^/]+/${form.id}/add\\?draft=${draft.id}$`, 'u'),
    );
    const sentItem = page
      .getByRole('list', { name: w.sent })
      .getByRole('listitem', { name: title });
    await expect(sentItem).toContainText(submission.reference);
    // Delivered in the background; the page follows live, without a reload.
    await expect(sentItem).toContainText(w.sentTo(providerName), { timeout: 20_000 });
    const receipt = sentItem.getByRole('link', { name: w.openReceipt });
    await expect(receipt).toBeVisible();
    const pdfResponse = await page.request.get(
      new URL((await receipt.getAttribute('href')) ?? '', page.url()).toString(),
    );
    expect(pdfResponse.status()).toBe(200);
    expect(pdfResponse.headers()['content-type']).toContain('application/pdf');
    expect((await pdfResponse.body()).subarray(0, 5).toString()).toBe('%PDF-');
    expect(await overflowsSideways(page)).toBe(false);
    await scanWithoutHover(page);
    await screenshot(page, `forms-my-${language}`);

    // Deleting the draft asks first; then it is gone, the submission stays.
    await draftItem.getByRole('button', { name: w.deleteDraft(title) }).click();
    const dialog = page.getByRole('dialog', { name: w.deleteTitle });
    await dialog.getByRole('button', { name: w.deleteConfirm }).click();
    await expect(draftItem).toHaveCount(0);
    await expect(page.getByText(w.noDrafts)).toBeVisible();
    await expect(sentItem).toBeVisible();
  });
}

test('[en] someone new to forms is told where to look, on each page', async ({ page, user }) => {
  const w = words.en;
  await logInIn(page, user, 'en');
  await page.goto('/forms');
  await expect(
    page.getByRole('heading', { level: 2, name: 'No forms from your providers yet' }),
  ).toBeVisible();
  await expect(page.getByText(/search above or browse every provider and use case/u)).toBeVisible();
  await page.getByRole('searchbox', { name: w.search }).fill(uniqueWord('nothing'));
  await expect(
    page.getByText(/Try another word, or browse by provider or by use case/u),
  ).toBeVisible();
  await scanWithoutHover(page);
  await screenshot(page, 'forms-search-nothing-en');

  await page.goto('/forms/search/by-usecase');
  await expect(page.getByText('Choose a use case above to see its forms.')).toBeVisible();
  await page.getByRole('link', { name: /^Other/u }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Forms for: Other' })).toBeVisible();

  await page.goto('/forms/my');
  await expect(page.getByText(w.noDrafts)).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: 'You have not sent a form yet' }),
  ).toBeVisible();
  await scanWithoutHover(page);
  await screenshot(page, 'forms-my-empty-en');
  await page.getByRole('main').getByRole('link', { name: 'Find a form' }).last().click();
  await expect(page.getByRole('heading', { level: 1, name: w.forms })).toBeVisible();
});
