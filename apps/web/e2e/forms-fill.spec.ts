import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, logIn, test } from './support/fixtures.ts';
import {
  createFormProvider,
  flattened,
  pdfTextOf,
  publishForm,
  publishNewVersion,
} from './support/forms.ts';
import type { FormDefinitionRequest, FormProvider, SubmissionMessage } from './support/forms.ts';
import { countMailsTo, readMailsTo } from './support/mail.ts';
import { scanWithoutHover, screenshot } from './support/page-checks.ts';
import { uploadThroughTus } from './support/uploads.ts';
import {
  makePdf,
  senderApi,
  startWebhookReceiver,
  uniqueWord,
  verifyWebhookSignature,
} from './support/provider.ts';
import { journeyLanguages } from './support/journey-languages.ts';

/** Issue 12: people fill out a provider's form, with or without logging in. */

/**
 * The provider's message for a submission: listed once delivered, which the job that makes its
 * PDF does a moment after the page says "sent".
 */
async function deliveredSubmission(
  provider: FormProvider,
  reference: string,
): Promise<SubmissionMessage | undefined> {
  let submission: SubmissionMessage | undefined;
  await expect
    .poll(async () => {
      const messages = await senderApi<{ items: SubmissionMessage[] }>(provider, '/messages');
      submission = messages.items.find((message) => message.reference === reference);
      return submission !== undefined;
    })
    .toBe(true);
  return submission;
}

const words = {
  en: {
    language: 'Language',
    labels: {
      name: 'Full name',
      email: 'E-mail address',
      movingDay: 'Moving day',
      iban: 'IBAN for the deposit',
      tariff: 'Tariff',
      consent: 'I confirm that my answers are true',
      proof: 'Tenancy agreement',
    },
    tariffs: ['Basic', 'Green power'],
    tooShort: 'Please enter at least 2 characters.',
    badEmail: 'Please enter an e-mail address such as name@example.com.',
    badIban: 'This IBAN is not valid: please check the letters and digits.',
    required: 'Please fill this in.',
    mustTick: 'Please tick this box to go on.',
    problems: (count: number) => `There are ${count} problems`,
    checkAnswers: 'Check answers',
    review: 'Check your answers',
    fromComputer: 'Choose file from computer',
    wrongType: /cannot be attached here/u,
    receipt: 'Your e-mail address for a receipt (optional)',
    send: 'Send form',
    sent: 'Your form was sent',
    emailed: (email: string) =>
      `A confirmation with the reference (without your answers) was e-mailed to ${email}.`,
    download: 'Download your answers (PDF)',
    yes: 'Yes',
  },
  de: {
    language: 'Sprache',
    labels: {
      name: 'Vollständiger Name',
      email: 'E-Mail-Adresse',
      movingDay: 'Einzugstag',
      iban: 'IBAN für die Kaution',
      tariff: 'Tarif',
      consent: 'Ich bestätige, dass meine Angaben stimmen',
      proof: 'Mietvertrag',
    },
    tariffs: ['Basis', 'Ökostrom'],
    tooShort: 'Bitte geben Sie mindestens 2 Zeichen ein.',
    badEmail: 'Bitte geben Sie eine E-Mail-Adresse wie name@example.com ein.',
    badIban: 'Diese IBAN ist ungültig: Bitte prüfen Sie Buchstaben und Ziffern.',
    required: 'Bitte füllen Sie dieses Feld aus.',
    mustTick: 'Bitte setzen Sie hier ein Häkchen, um fortzufahren.',
    problems: (count: number) => `Es gibt ${count} Probleme`,
    checkAnswers: 'Angaben prüfen',
    review: 'Prüfen Sie Ihre Angaben',
    fromComputer: 'Datei vom Computer wählen',
    wrongType: /kann hier nicht angehängt werden/u,
    receipt: 'Ihre E-Mail-Adresse für eine Bestätigung (freiwillig)',
    send: 'Formular senden',
    sent: 'Ihr Formular wurde gesendet',
    emailed: (email: string) =>
      `Eine Bestätigung mit dem Aktenzeichen (ohne Ihre Angaben) wurde an ${email} gesendet.`,
    download: 'Ihre Angaben herunterladen (PDF)',
    yes: 'Ja',
  },
} as const;
type Language = keyof typeof words;

/** The provider's form, in the provider's own words: every kind the issue names. */
function movingForm(language: Language, title: string, isPublic: boolean): FormDefinitionRequest {
  const { labels, tariffs } = words[language];
  return {
    title,
    description: 'Tell us about your move.',
    use_cases: ['moving_house', 'utilities'],
    public: isPublic,
    schema: {
      type: 'object',
      properties: {
        full_name: {
          type: 'string',
          title: labels.name,
          minLength: 2,
          'x-kuvert-prefill': 'profile.full_name',
        },
        email: {
          type: 'string',
          format: 'email',
          title: labels.email,
          'x-kuvert-prefill': 'profile.email',
        },
        moving_day: { type: 'string', format: 'date', title: labels.movingDay },
        iban: { type: 'string', format: 'iban', title: labels.iban },
        tariff: { type: 'string', enum: ['basic', 'green'], title: labels.tariff },
        consent: { type: 'boolean', const: true, title: labels.consent },
        proof: { type: 'string', format: 'file', title: labels.proof },
      },
      required: ['full_name', 'email', 'moving_day', 'iban', 'tariff'],
    },
    ui_schema: {
      tariff: { 'ui:widget': 'radio', 'ui:enumNames': [...tariffs] },
      iban: { 'ui:help': 'DE…' },
    },
  };
}

const fillOutPath = (provider: FormProvider, formId: string) =>
  `/forms/search/by-provider/${provider.id}/fill-out/${formId}`;

/** A field by its label (the label also carries the required mark). */
const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')}`, 'u'));

for (const language of journeyLanguages) {
  const w = words[language];

  test(`[${language}] a visitor without a login fills out a public form: translated problems, a file, the provider gets data, PDF and a signed webhook`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const receiver = await startWebhookReceiver();
    const provider = await createFormProvider(`Stadtwerke Forms ${uniqueWord()}`, receiver.url);
    const title = `Moving in ${uniqueWord()}`;
    const published = await publishForm(provider, movingForm(language, title, true));

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(fillOutPath(provider, published.id));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    if (language === 'de') {
      await page.getByRole('banner').getByLabel(words.en.language).selectOption('de');
    }
    await expect(field(page, w.labels.name)).toBeVisible();
    await scanWithoutHover(page);
    await screenshot(page, `form-public-${language}`);

    // Bad answers are named in the visitor's language once a field is left.
    await field(page, w.labels.name).fill('E');
    await field(page, w.labels.email).fill('erika@');
    await expect(page.getByText(w.tooShort)).toBeVisible();
    await field(page, w.labels.iban).fill('DE00 1234 5678');
    await expect(page.getByText(w.badEmail)).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByText(w.badIban)).toBeVisible();

    // Going on lists every problem at the top, and focus goes there.
    await page.getByRole('button', { name: w.checkAnswers }).click();
    const summary = page.getByRole('alert').filter({ hasText: w.problems(6) });
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link')).toHaveText([
      `${w.labels.name}: ${w.tooShort}`,
      `${w.labels.email}: ${w.badEmail}`,
      `${w.labels.movingDay}: ${w.required}`,
      `${w.labels.iban}: ${w.badIban}`,
      `${w.labels.tariff}: ${w.required}`,
      `${w.labels.consent}: ${w.mustTick}`,
    ]);
    await scanWithoutHover(page);
    await screenshot(page, `form-public-problems-${language}`);

    // The keyboard goes from the summary to the field; each fix is seen at once.
    await summary.getByRole('link').nth(3).press('Enter');
    await expect(field(page, w.labels.iban)).toBeFocused();
    await field(page, w.labels.iban).fill('');
    await page.keyboard.type('de89370400440532013000');
    await expect(field(page, w.labels.iban)).toHaveValue('DE89 3704 0044 0532 0130 00');
    await field(page, w.labels.name).fill('Erika Mustermann');
    const email = `visitor-${uniqueWord()}@example.com`;
    await field(page, w.labels.email).fill(email);
    await field(page, w.labels.movingDay).fill('2026-12-01');
    await page.getByRole('radio', { name: w.tariffs[1] }).check();
    await field(page, w.labels.consent).check();
    await expect(summary.getByRole('link')).toHaveCount(0);

    // A file: the wrong kind is refused with a message, a PDF is taken.
    const proof = page.getByRole('group', { name: w.labels.proof });
    let chooser = page.waitForEvent('filechooser');
    await proof.getByRole('button', { name: w.fromComputer }).click();
    await (
      await chooser
    ).setFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a PDF'),
    });
    await expect(proof.getByText(w.wrongType)).toBeVisible();
    chooser = page.waitForEvent('filechooser');
    await proof.getByRole('button', { name: w.fromComputer }).click();
    await (
      await chooser
    ).setFiles({
      name: 'tenancy.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(await makePdf([['Mietvertrag Erika Mustermann']])),
    });
    await expect(proof.getByText('tenancy.pdf')).toBeVisible();

    // Review: every answer as it will be sent.
    await page.getByRole('button', { name: w.checkAnswers }).click();
    await expect(page.getByRole('heading', { level: 2, name: w.review })).toBeFocused();
    const reviewed = (key: string) => page.locator(`[data-review-field="${key}"] dd`);
    await expect(reviewed('full_name')).toContainText('Erika Mustermann');
    await expect(reviewed('iban')).toContainText('DE89 3704 0044 0532 0130 00');
    await expect(reviewed('tariff')).toContainText(w.tariffs[1]);
    await expect(reviewed('consent')).toContainText(w.yes);
    await expect(reviewed('proof')).toContainText('tenancy.pdf');
    await page.getByLabel(w.receipt).fill(email);
    await scanWithoutHover(page);
    await screenshot(page, `form-public-review-${language}`);
    await page.getByRole('button', { name: w.send }).click();

    await expect(page.getByRole('heading', { level: 2, name: w.sent })).toBeFocused();
    await expect(page.getByText(w.emailed(email))).toBeVisible();
    const reference = (await page.locator('[data-reference]').textContent()) ?? '';
    expect(reference).not.toBe('');
    // The PDF of the answers downloads here, once made: the e-mail does not carry it.
    const receiptLink = page.getByRole('link', { name: w.download });
    await expect(receiptLink).toBeVisible({ timeout: 20_000 });
    const download = page.waitForEvent('download');
    await receiptLink.click();
    const receiptPdf = await readFile(await (await download).path());
    expect(receiptPdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await scanWithoutHover(page);
    await screenshot(page, `form-public-sent-${language}`);

    // The provider lists the submission with the answers and the PDF holding each of them.
    const submission = await deliveredSubmission(provider, reference);
    expect(submission?.type).toBe('form_submission');
    expect(submission?.form).toEqual({ id: published.id, version: published.version });
    const { proof: proofDocument, ...answers } = submission?.data ?? {};
    expect(answers).toEqual({
      full_name: 'Erika Mustermann',
      email,
      moving_day: '2026-12-01',
      iban: 'DE89370400440532013000',
      tariff: 'green',
      consent: true,
    });
    const documents = submission?.documents ?? [];
    expect(documents.map((document) => document.id)).toContain(proofDocument);
    expect(documents.find((document) => document.id === proofDocument)?.filename).toBe(
      'tenancy.pdf',
    );
    const text = flattened(await pdfTextOf(provider, documents[0]?.url ?? ''));
    for (const label of Object.values(w.labels)) expect(text).toContain(label);
    for (const value of ['Erika Mustermann', email, reference, w.tariffs[1], 'tenancy.pdf']) {
      expect(text).toContain(value);
    }
    expect(text.replaceAll(' ', '')).toContain('DE89370400440532013000');

    // …and was told by a signed webhook.
    const isAboutIt = (hook: { body: string }) =>
      hook.body.includes('form.submitted') && hook.body.includes(reference);
    await expect.poll(() => receiver.received.some(isAboutIt), { timeout: 20_000 }).toBe(true);
    const webhook = receiver.received.find(isAboutIt);
    expect(webhook && verifyWebhookSignature(webhook, provider.webhookSecret)).toBe(true);
    expect(JSON.parse(webhook?.body ?? '{}').data.data).toMatchObject(answers);
    await receiver.close();

    // The visitor got a confirmation by e-mail: the reference, no answers, no PDF.
    await expect.poll(() => countMailsTo(email), { timeout: 20_000 }).toBeGreaterThan(0);
    const [mail = ''] = readMailsTo(email);
    expect(mail).toContain(reference);
    expect(mail).not.toContain('application/pdf');
    expect(mail).not.toContain('Mustermann');
    await context.close();
  });
}

test('logged in: prefilled from the profile, a draft that survives a reload and a new version, the submission and its receipt in My forms', async ({
  page,
  user,
}) => {
  test.setTimeout(240_000);
  const w = words.en;
  const receiver = await startWebhookReceiver();
  const provider = await createFormProvider(`Stadtwerke Drafts ${uniqueWord()}`, receiver.url);
  const title = `Moving in ${uniqueWord()}`;
  const first = movingForm('en', title, false);
  const published = await publishForm(provider, first);

  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  // The tenancy agreement waits among the mailbox's uploads.
  const lease = `lease-${uniqueWord()}.pdf`;
  await uploadThroughTus(page, {
    name: lease,
    mimeType: 'application/pdf',
    buffer: Buffer.from(await makePdf([['Mietvertrag']])),
  });
  await page.goto(`/forms/my/${provider.id}/${published.id}/add`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // The profile fills in what the form asks of it.
  await expect(field(page, w.labels.name)).toHaveValue(`${user.firstName} Mustermann`);
  await expect(field(page, w.labels.email)).toHaveValue(user.email);
  await field(page, w.labels.movingDay).fill('2026-12-01');
  await field(page, w.labels.iban).fill('DE89370400440532013000');
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved' })).toBeVisible();
  await expect(page).toHaveURL(/[?&]draft=/u);
  const draftAddress = page.url();
  const draftId = new URL(draftAddress).searchParams.get('draft') ?? '';
  await scanWithoutHover(page);
  await screenshot(page, 'form-my-draft');

  // The draft survives a reload.
  await page.reload();
  await expect(field(page, w.labels.movingDay)).toHaveValue('2026-12-01');
  await expect(field(page, w.labels.iban)).toHaveValue('DE89 3704 0044 0532 0130 00');

  // A change that could not be saved yet (offline) is not left behind without a warning.
  await page.context().setOffline(true);
  await field(page, w.labels.movingDay).fill('2026-12-02');
  await expect(page.getByRole('status').filter({ hasText: 'Not saved yet' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Forms' })
    .click();
  const leave = page.getByRole('dialog', { name: 'Leave the form?' });
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(leave).toBeHidden();
  await page.context().setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved' })).toBeVisible({
    timeout: 15_000,
  });

  // …and is listed in My forms.
  await page.goto('/forms/my');
  await expect(page.locator(`[data-draft-id="${draftId}"]`)).toContainText(title);

  // The provider publishes a new version meanwhile: the draft is not lost.
  const firstProperties = first.schema.properties;
  if (typeof firstProperties !== 'object' || firstProperties === null) {
    throw new Error('the first version has no properties');
  }
  const second: FormDefinitionRequest = {
    ...first,
    schema: {
      ...first.schema,
      properties: {
        ...firstProperties,
        phone: { type: 'string', format: 'phone', title: 'Phone number' },
      },
    },
  };
  const republished = await publishNewVersion(provider, published.id, second);
  expect(republished.version).toBe(2);
  await page.goto(draftAddress);
  const note = page.locator('[data-version-note]');
  await expect(note).toContainText('This form has changed since you started');
  await expect(field(page, w.labels.movingDay)).toHaveValue('2026-12-02');
  await expect(page.getByLabel('Phone number')).toHaveCount(0);
  await scanWithoutHover(page);
  await screenshot(page, 'form-my-new-version');
  await note.getByRole('button', { name: 'Move to the new version' }).click();
  await expect(page.getByLabel('Phone number')).toBeVisible();
  await expect(note).toHaveCount(0);
  await expect(field(page, w.labels.movingDay)).toHaveValue('2026-12-02');
  await expect(field(page, w.labels.name)).toHaveValue(`${user.firstName} Mustermann`);

  // The rest, a file from the mailbox's uploads (by keyboard), the review, and off it goes.
  await page.getByRole('radio', { name: w.tariffs[0] }).check();
  await field(page, w.labels.consent).check();
  const proof = page.getByRole('group', { name: w.labels.proof });
  await proof.getByRole('button', { name: 'Choose from my uploads' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose from my uploads' });
  const choice = picker.getByRole('checkbox', { name: lease });
  await choice.focus();
  await page.keyboard.press('Space');
  await expect(choice).toBeChecked();
  await scanWithoutHover(page);
  await picker.getByRole('button', { name: 'Attach 1 file' }).click();
  await expect(picker).toBeHidden();
  await expect(proof.getByText(lease)).toBeVisible();
  await page.getByRole('button', { name: w.checkAnswers }).click();
  await expect(page.getByRole('heading', { level: 2, name: w.review })).toBeFocused();
  await scanWithoutHover(page);
  await screenshot(page, 'form-my-review');
  await page.getByRole('button', { name: w.send }).click();
  await expect(page.getByRole('heading', { level: 2, name: w.sent })).toBeFocused();
  const reference = (await page.locator('[data-reference]').textContent()) ?? '';
  expect(reference).not.toBe('');
  await scanWithoutHover(page);
  await screenshot(page, 'form-my-sent');

  // The provider has it, against the version it was moved to.
  const submission = await deliveredSubmission(provider, reference);
  expect(submission?.form).toEqual({ id: published.id, version: 2 });
  expect(submission?.documents.map((document) => document.filename)).toContain(lease);
  expect(submission?.data).toMatchObject({
    full_name: `${user.firstName} Mustermann`,
    email: user.email,
    moving_day: '2026-12-02',
    iban: 'DE89370400440532013000',
    tariff: 'basic',
    consent: true,
  });
  await expect
    .poll(() => receiver.received.some((hook) => hook.body.includes(reference)), {
      timeout: 20_000,
    })
    .toBe(true);
  await receiver.close();

  // My forms shows the submission with its receipt (the PDF); the draft went with the sending.
  await page.getByRole('link', { name: 'Go to My forms' }).click();
  await expect(page).toHaveURL(/\/forms\/my$/u);
  const sentRow = page.locator('[data-submission-id]').filter({ hasText: reference });
  await expect(sentRow).toContainText(title);
  const receipt = sentRow.getByRole('link', { name: /Open receipt/u });
  await expect(receipt).toBeVisible({ timeout: 20_000 });
  const receiptPdf = await page.request.get((await receipt.getAttribute('href')) ?? '');
  expect(receiptPdf.headers()['content-type']).toContain('application/pdf');
  expect((await receiptPdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await expect(page.locator(`[data-draft-id="${draftId}"]`)).toHaveCount(0);
});
