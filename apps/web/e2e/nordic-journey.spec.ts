import type { Browser, Page } from '@playwright/test';
import { E2E_BASE_URL } from './support/environment.ts';
import { expect, test } from './support/fixtures.ts';
import { createFormProvider } from './support/forms.ts';
import { publishForm } from './support/forms-browse.ts';
import { englishTextOn, textOf, type JourneyLanguage } from './support/locale-text.ts';
import { scanWithoutHover, screenshot } from './support/page-checks.ts';
import { deliverLetter, makePdf, NO_WEBHOOK, uniqueWord } from './support/provider.ts';
import { deliverSignatureRequest } from './support/signatures.ts';
import { createInvitedUser, type TestUser } from './support/users.ts';

/**
 * Issue 27: the whole demo journey in Swedish, Danish and Norwegian Bokmål at phone width —
 * login, home, a letter, paying, signing, a form, an upload and a letter of one's own — with
 * no English interface text on any page and no accessibility violation. The browser's language
 * decides the first visit (Norwegian browsers say `no`); the operator invited each person in
 * their language, so the portal stays in it after login. The journey reads the portal's own
 * strings of each language (`textOf`), and the providers write in the language too.
 */
const people = {
  sv: {
    browserLocale: 'sv-SE',
    provider: 'Stadsverken Malmö',
    letter: { subject: 'Välkommen som kund', body: 'Hej!\nHär är dina avtalsvillkor.' },
    invoice: { subject: 'Din faktura för november', currency: 'SEK', amount: 123_450 },
    signature: 'Hyresavtal att signera',
    form: { title: 'Flyttanmälan', name: 'Fullständigt namn', day: 'Inflyttningsdag' },
    compose: { subject: 'Fråga om fakturan', body: 'Hej,\n\njag har en fråga om fakturan.' },
    amount: /1\s234,50\skr/u,
  },
  da: {
    browserLocale: 'da-DK',
    provider: 'Forsyning Århus',
    letter: { subject: 'Velkommen som kunde', body: 'Hej!\nHer er dine aftalevilkår.' },
    invoice: { subject: 'Din regning for november', currency: 'DKK', amount: 123_450 },
    signature: 'Lejekontrakt til underskrift',
    form: { title: 'Flytteanmeldelse', name: 'Fulde navn', day: 'Indflytningsdag' },
    compose: { subject: 'Spørgsmål om regningen', body: 'Hej,\n\njeg har et spørgsmål.' },
    amount: /1\.234,50\skr\./u,
  },
  nb: {
    browserLocale: 'no',
    provider: 'Energiverket Tromsø',
    letter: { subject: 'Velkommen som kunde', body: 'Hei!\nHer er avtalevilkårene dine.' },
    invoice: { subject: 'Din faktura for november', currency: 'NOK', amount: 123_450 },
    signature: 'Leiekontrakt til signering',
    form: { title: 'Flyttemelding', name: 'Fullt navn', day: 'Innflyttingsdag' },
    compose: { subject: 'Spørsmål om fakturaen', body: 'Hei,\n\njeg har et spørsmål.' },
    amount: /1\s234,50\skr/u,
  },
} as const;

/** The page speaks `language`: its `lang`, no English interface text, and axe finds nothing. */
async function expectPageIn(page: Page, language: JourneyLanguage, shot: string): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect.poll(() => englishTextOn(page, language), { message: shot }).toEqual([]);
  await scanWithoutHover(page);
  await screenshot(page, `nordic/${language}-${shot}`);
}

async function phoneIn(browser: Browser, locale: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    locale,
    viewport: { width: 390, height: 844 },
  });
  return context.newPage();
}

async function logInAs(page: Page, language: JourneyLanguage, user: TestUser): Promise<void> {
  const t = (key: string) => textOf(language, key);
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: t('login.title') })).toBeVisible();
  await expectPageIn(page, language, 'login');
  await page.getByLabel(t('login.email')).fill(user.email);
  await page.getByRole('textbox', { name: t('login.password'), exact: true }).fill(user.password);
  await page.getByRole('button', { name: t('login.submit'), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('pages.home') })).toBeVisible();
}

for (const language of ['sv', 'da', 'nb'] as const) {
  const person = people[language];
  const t = (key: string, values?: Record<string, string | number>) =>
    textOf(language, key, values);

  test(`[${language}] the demo journey at phone width: login, home, a letter, pay, sign, a form, an upload, a letter of one's own`, async ({
    browser,
  }) => {
    test.setTimeout(360_000);
    const user = await createInvitedUser('Astrid', { language });
    const friend = await createInvitedUser('Nils', { language });
    const provider = await createFormProvider(`${person.provider} ${uniqueWord()}`, NO_WEBHOOK);
    const letterId = await deliverLetter(provider, {
      recipientEmail: user.email,
      subject: person.letter.subject,
      body: person.letter.body,
      pdf: await makePdf([[person.letter.subject]]),
    });
    const invoiceId = await deliverLetter(provider, {
      recipientEmail: user.email,
      subject: person.invoice.subject,
      kind: 'invoice',
      invoice: {
        amount: person.invoice.amount,
        currency: person.invoice.currency,
        due_date: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
        iban: 'SE4550000000058398257466',
        reference: `OCR${String(Date.now()).slice(-8)}`,
      },
      pdf: await makePdf([[person.invoice.subject]]),
    });
    const signatureId = await deliverSignatureRequest(provider, {
      recipientEmail: user.email,
      subject: person.signature,
    });
    const form = await publishForm(provider, {
      title: `${person.form.title} ${uniqueWord()}`,
      use_cases: ['moving_house'],
      public: false,
      schema: {
        type: 'object',
        properties: {
          full_name: {
            type: 'string',
            title: person.form.name,
            minLength: 2,
            'x-kuvert-prefill': 'profile.full_name',
          },
          moving_day: { type: 'string', format: 'date', title: person.form.day },
        },
        required: ['full_name', 'moving_day'],
      },
    });

    const page = await phoneIn(browser, person.browserLocale);
    try {
      // The first visit speaks the browser's language; the profile keeps it after login.
      await logInAs(page, language, user);
      await expectPageIn(page, language, 'home');

      // A letter.
      await page.goto('/inbox');
      await expect(page.getByRole('heading', { level: 1, name: t('pages.inbox') })).toBeVisible();
      await expect(page.getByRole('link', { name: person.letter.subject })).toBeVisible();
      await expectPageIn(page, language, 'inbox');
      await page.goto(`/inbox/${letterId}`);
      await expect(
        page.getByRole('heading', { level: 1, name: person.letter.subject }),
      ).toBeVisible();
      await expectPageIn(page, language, 'letter');

      // Pay: the amount in the language's own format, the bank in the language too.
      await page.goto(`/inbox/${invoiceId}`);
      const invoice = page.getByRole('region', { name: t('invoices.panel.title'), exact: true });
      await expect(invoice.getByText(person.amount).first()).toBeVisible();
      await expectPageIn(page, language, 'invoice');
      await invoice
        .getByRole('button', { name: new RegExp(`^${t('invoices.panel.pay')}`, 'u') })
        .click();
      await expect(page).toHaveURL(/\/sandbox-bank\/payments\//u, { timeout: 15_000 });
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByText('Approve payment')).toHaveCount(0);
      await expect(page.getByText(/Test mode/u)).toHaveCount(0);
      await scanWithoutHover(page);
      await screenshot(page, `nordic/${language}-bank`);
      await page.locator('button[value="approve"]').click();
      await expect(page.getByRole('heading', { name: t('invoices.return.paidTitle') })).toBeVisible(
        { timeout: 30_000 },
      );
      await expect(page.getByText(person.amount).first()).toBeVisible();
      await expectPageIn(page, language, 'payment-return');
      await page.getByRole('link', { name: t('invoices.return.viewInvoice') }).click();
      await expect(page.getByText(t('invoices.state.paidViaKuvertByYou')).first()).toBeVisible();
      await expectPageIn(page, language, 'paid');

      // Sign, with the name the profile gives and the password.
      await page.goto(`/inbox/${signatureId}`);
      const request = page.getByRole('region', { name: t('signatures.panel.title'), exact: true });
      await expectPageIn(page, language, 'signature-request');
      await request.getByRole('button', { name: t('signatures.panel.sign'), exact: true }).click();
      const dialog = page.getByRole('dialog', { name: t('signatures.sign.title') });
      await expect(dialog.getByLabel(t('signatures.sign.typedName'))).toHaveValue(
        'Astrid Mustermann',
      );
      await dialog.getByRole('checkbox').check();
      await dialog
        .getByRole('textbox', { name: t('signatures.sign.password'), exact: true })
        .fill(user.password);
      await expectPageIn(page, language, 'sign-dialog');
      await dialog.getByRole('button', { name: t('signatures.sign.submit') }).click();
      await expect(
        page.locator('[data-notification-type="positive"]').filter({
          hasText: t('signatures.sign.done'),
        }),
      ).toBeVisible();
      await expect(dialog).toBeHidden();

      // A form: prefilled from the profile, checked, sent.
      await page.goto('/forms');
      await expect(page.getByRole('heading', { level: 1, name: t('pages.forms') })).toBeVisible();
      await expectPageIn(page, language, 'forms');
      await page.goto(`/forms/my/${provider.id}/${form.id}/add`);
      await expect(page.getByLabel(new RegExp(`^${person.form.name}`, 'u'))).toHaveValue(
        'Astrid Mustermann',
      );
      await page.getByLabel(new RegExp(`^${person.form.day}`, 'u')).fill('2026-12-01');
      await expectPageIn(page, language, 'form');
      await page.getByRole('button', { name: t('forms.fill.toReview') }).click();
      await expect(
        page.getByRole('heading', { level: 2, name: t('forms.fill.review.title') }),
      ).toBeFocused();
      await expectPageIn(page, language, 'form-review');
      await page.getByRole('button', { name: t('forms.fill.submit') }).click();
      await expect(
        page.getByRole('heading', { level: 2, name: t('forms.fill.sent.title') }),
      ).toBeFocused();
      await expectPageIn(page, language, 'form-sent');

      // An upload.
      const fileName = `${person.letter.subject.split(' ')[0]}-${uniqueWord()}.pdf`;
      await page.goto('/uploads');
      await expect(
        page.getByRole('heading', { level: 2, name: t('uploads.empty.title') }),
      ).toBeVisible();
      await expectPageIn(page, language, 'uploads-empty');
      const chooser = page.waitForEvent('filechooser');
      await page
        .getByRole('button', { name: t('uploads.choose') })
        .first()
        .click();
      await (
        await chooser
      ).setFiles({
        name: fileName,
        mimeType: 'application/pdf',
        buffer: Buffer.from(await makePdf([[person.letter.subject]])),
      });
      const item = page
        .getByTestId('upload-item')
        .filter({ has: page.getByRole('link', { name: fileName, exact: true }) });
      await expect(item).toBeVisible({ timeout: 30_000 });
      await expectPageIn(page, language, 'uploads');

      // A letter of one's own, to a friend on Kuvert.
      await page.goto('/outbox/compose');
      await expect(page.getByRole('heading', { level: 1, name: t('compose.title') })).toBeVisible();
      await page.getByRole('button', { name: t('compose.recipient.add') }).click();
      await page.getByRole('menuitem', { name: t('compose.channel.kuvert') }).click();
      const card = page.getByRole('listitem', {
        name: t('compose.recipient.label', { position: 1, channel: t('compose.channel.kuvert') }),
      });
      await card
        .getByRole('textbox', { name: t('compose.recipient.email'), exact: true })
        .fill(friend.email);
      await page
        .getByRole('textbox', { name: t('compose.subject'), exact: true })
        .fill(person.compose.subject);
      await page
        .getByRole('textbox', { name: t('compose.body'), exact: true })
        .fill(person.compose.body);
      await expect(page.getByText(t('compose.save.saved'), { exact: true })).toBeVisible();
      await expectPageIn(page, language, 'compose');
      await page.getByRole('button', { name: t('compose.send.button') }).click();
      await expect(
        page.locator('[data-notification-type="positive"]').filter({
          hasText: t('compose.send.sent'),
        }),
      ).toBeVisible();
      await expectPageIn(page, language, 'sent');
    } finally {
      await page.context().close();
    }
  });
}

test('the English check finds English: an English login page read as Swedish fails it', async ({
  browser,
}) => {
  const page = await phoneIn(browser, 'en-GB');
  try {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in to Kuvert' })).toBeVisible();
    expect(await englishTextOn(page, 'sv')).toEqual(
      expect.arrayContaining(['Log in to Kuvert', 'Forgot password?']),
    );
  } finally {
    await page.context().close();
  }
});
