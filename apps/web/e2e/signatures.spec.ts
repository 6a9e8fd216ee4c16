import type { Browser, Page } from '@playwright/test';
import { E2E_BASE_URL } from './support/environment.ts';
import { expect, logIn, test } from './support/fixtures.ts';
import { scanWithoutHover, screenshot } from './support/page-checks.ts';
import {
  createProvider,
  senderApi,
  startWebhookReceiver,
  uniqueWord,
  verifyWebhookSignature,
} from './support/provider.ts';
import {
  addAccountMember,
  deliverSignatureRequest,
  drawSignature,
  letRequestPassItsDueDate,
  portalPost,
  tabTo,
  waitForWebhook,
} from './support/signatures.ts';
import { createInvitedUser, type TestUser } from './support/users.ts';

/** What the journey reads and clicks, in each language. */
const texts = {
  en: {
    panel: 'Signature request',
    waitingForYou: 'Waiting for your signature',
    waitingForOthers: 'You signed · waiting for others',
    completed: 'Completed',
    sign: 'Sign',
    dialog: 'Sign the document',
    name: 'Your name',
    drawTab: 'Draw',
    padDrawn: 'Signature drawing area, with your drawn signature',
    consent: /^I agree that this is my signature/,
    password: 'Your password',
    submit: 'Sign now',
    signed: 'You signed the document.',
    signerSigned: 'Signed',
    download: 'Download sealed copy',
    openListTitle: 'Open signature requests',
    verify: 'Verify a document',
    verifyTitle: 'Verify a document',
    homeCard: /signature request/i,
  },
  de: {
    panel: 'Signaturanfrage',
    waitingForYou: 'Wartet auf Ihre Unterschrift',
    waitingForOthers: 'Sie haben unterschrieben · wartet auf andere',
    completed: 'Abgeschlossen',
    sign: 'Unterschreiben',
    dialog: 'Dokument unterschreiben',
    name: 'Ihr Name',
    drawTab: 'Zeichnen',
    padDrawn: 'Feld zum Zeichnen der Unterschrift, mit Ihrer gezeichneten Unterschrift',
    consent: /^Ich stimme zu, dass dies meine Unterschrift/,
    password: 'Ihr Passwort',
    submit: 'Unterschreiben',
    signed: 'Sie haben das Dokument unterschrieben.',
    signerSigned: 'Unterschrieben',
    download: 'Versiegelte Fassung herunterladen',
    openListTitle: 'Offene Signaturanfragen',
    verify: 'Ein Dokument prüfen',
    verifyTitle: 'Dokument prüfen',
    homeCard: /signaturanfrage/i,
  },
} as const;
type Language = keyof typeof texts;

const panelOf = (page: Page, language: Language) =>
  page.getByRole('region', { name: texts[language].panel, exact: true });

const notification = (page: Page, type: string) =>
  page.locator(`[data-notification-type="${type}"]`);

async function logInAs(page: Page, user: TestUser, language: Language, path: string) {
  await logIn(page, user, `/login?redirect=${encodeURIComponent(path)}`);
  await expect(page.getByRole('banner')).toBeVisible();
  if (language === 'de') await page.getByRole('banner').getByLabel('Language').selectOption('de');
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  return context.newPage();
}

/**
 * The journey of issue 10: a provider asks two people to sign; the first signs with the
 * keyboard alone (typed name), the second by drawing; Kuvert seals it and tells the provider.
 */
async function signTogether(browser: Browser, language: Language, shots: string) {
  const t = texts[language];
  const receiver = await startWebhookReceiver();
  const first = await createInvitedUser('Zoë');
  const second = await createInvitedUser('Łukasz');
  const firstPage = await newPage(browser);
  const secondPage = await newPage(browser);
  try {
    const provider = await createProvider(`Hausverwaltung ${uniqueWord()}`, receiver.url);
    const subject = `Mietvertrag ${uniqueWord()}`;
    const letterId = await deliverSignatureRequest(provider, {
      recipientEmail: first.email,
      subject,
      signers: [first.email, second.email],
    });

    // The first signer: from the home card to the open list to the letter.
    await logInAs(firstPage, first, language, '/');
    await firstPage.getByRole('link', { name: t.homeCard }).click();
    await expect(firstPage.getByRole('heading', { level: 1, name: t.openListTitle })).toBeVisible();
    await expect(firstPage.getByRole('link', { name: subject })).toBeVisible();
    await scanWithoutHover(firstPage);
    await screenshot(firstPage, `${shots}-open-list`);
    await firstPage.getByRole('link', { name: subject }).click();
    const firstPanel = panelOf(firstPage, language);
    await expect(firstPanel.getByTestId('signature-standing')).toHaveText(t.waitingForYou);
    await expect(firstPanel.getByRole('listitem')).toHaveCount(2);
    await scanWithoutHover(firstPage);
    await screenshot(firstPage, `${shots}-letter`);

    // Keyboard only: Tab to Sign, Enter; the typed name is prefilled; Tab, Space, type, Enter.
    const signButton = firstPanel.getByRole('button', { name: t.sign, exact: true });
    await tabTo(firstPage, signButton, 120);
    await firstPage.keyboard.press('Enter');
    const dialog = firstPage.getByRole('dialog', { name: t.dialog });
    await expect(dialog.getByLabel(t.name)).toHaveValue('Zoë Mustermann');
    await expect(dialog.getByTestId('typed-signature')).toHaveText('Zoë Mustermann');
    await expect
      .poll(() => firstPage.evaluate(() => document.fonts.check('48px "Dancing Script"', 'Zoë')))
      .toBe(true);
    await scanWithoutHover(firstPage);
    await screenshot(firstPage, `${shots}-sign-dialog-typed`);
    await tabTo(firstPage, dialog.getByRole('checkbox', { name: t.consent }));
    await firstPage.keyboard.press('Space');
    await tabTo(firstPage, dialog.getByRole('textbox', { name: t.password, exact: true }));
    await firstPage.keyboard.type(first.password);
    await firstPage.keyboard.press('Enter');
    await expect(notification(firstPage, 'positive').filter({ hasText: t.signed })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(firstPanel.getByTestId('signature-standing')).toHaveText(t.waitingForOthers);
    await expect(firstPanel.getByRole('button', { name: t.sign, exact: true })).toHaveCount(0);
    const pending = await senderApi<{ signature: { status: string } }>(
      provider,
      `/letters/${letterId}`,
    );
    expect(pending.signature.status).toBe('pending');

    // The second signer draws with the mouse, on their own copy.
    await logInAs(secondPage, second, language, '/open-signature-requests');
    await secondPage.getByRole('link', { name: subject }).click();
    const secondPanel = panelOf(secondPage, language);
    await expect(
      secondPanel.locator('[data-signer-status="signed"]').filter({ hasText: 'Zoë Mustermann' }),
    ).toContainText(t.signerSigned);
    await secondPanel.getByRole('button', { name: t.sign, exact: true }).click();
    const secondDialog = secondPage.getByRole('dialog', { name: t.dialog });
    await secondDialog.getByRole('tab', { name: t.drawTab }).click();
    const pad = secondDialog.getByTestId('signature-pad');
    await drawSignature(secondPage, pad);
    await expect(pad).toHaveAttribute('aria-label', t.padDrawn);
    await secondDialog.getByRole('checkbox', { name: t.consent }).check();
    await secondDialog
      .getByRole('textbox', { name: t.password, exact: true })
      .fill(second.password);
    await scanWithoutHover(secondPage);
    await screenshot(secondPage, `${shots}-sign-dialog-drawn`);
    await secondDialog.getByRole('button', { name: t.submit }).click();
    await expect(secondDialog).toBeHidden();
    await expect(secondPanel.getByTestId('signature-standing')).toHaveText(t.completed);

    // Both see it completed and sealed; the first without reloading (live).
    await expect(firstPanel.getByTestId('signature-standing')).toHaveText(t.completed);
    await expect(firstPanel.getByRole('link', { name: t.download })).toBeVisible({
      timeout: 30_000,
    });
    await expect(secondPanel.getByRole('link', { name: t.download })).toBeVisible({
      timeout: 30_000,
    });
    await scanWithoutHover(secondPage);
    await screenshot(secondPage, `${shots}-letter-completed`);

    // The provider: a verified signature.completed, then the sealed PDF.
    const { raw, event } = await waitForWebhook(receiver.received, 'signature.completed');
    expect(verifyWebhookSignature(raw, provider.webhookSecret)).toBe(true);
    expect(event.data.letter_id).toBe(letterId);
    expect(event.data.signers.map((signer) => signer.status)).toEqual(['signed', 'signed']);
    const response = await fetch(
      `${E2E_BASE_URL}/api/sender/v1/letters/${letterId}/signed-document`,
      { headers: { authorization: `Bearer ${provider.apiKey}` } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/pdf');
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.includes('ETSI.CAdES.detached')).toBe(true);

    // From the letter to the page that checks any PDF's seal.
    await secondPanel.getByRole('link', { name: t.verify }).click();
    await expect(secondPage).toHaveURL(/\/verify-document$/);
    await expect(secondPage.getByRole('heading', { level: 1, name: t.verifyTitle })).toBeVisible();
  } finally {
    await firstPage.context().close();
    await secondPage.context().close();
    await receiver.close();
  }
}

test('two signers: typed with the keyboard, then drawn; sealed and sent to the provider', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  await signTogether(browser, 'en', 'signatures');
});

test('the same journey in German', async ({ browser }) => {
  test.setTimeout(300_000);
  await signTogether(browser, 'de', 'signatures-de');
});

test('a decline needs a reason, and the provider is told it', async ({ page, user }) => {
  test.setTimeout(180_000);
  const receiver = await startWebhookReceiver();
  try {
    const provider = await createProvider(`Autohaus ${uniqueWord()}`, receiver.url);
    const subject = `Kaufvertrag ${uniqueWord()}`;
    const letterId = await deliverSignatureRequest(provider, {
      recipientEmail: user.email,
      subject,
    });
    await logIn(page, user, `/login?redirect=/inbox/${letterId}`);
    const panel = panelOf(page, 'en');
    await panel.getByRole('button', { name: 'Decline', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Decline to sign' });
    await dialog.getByRole('button', { name: 'Decline', exact: true }).click();
    await expect(dialog.getByText('Give a reason.')).toBeVisible();
    await scanWithoutHover(page);
    const reason = 'The price on page 2 is not what we agreed.';
    await dialog.getByLabel('Reason').fill(reason);
    await dialog.getByRole('button', { name: 'Decline', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(panel.getByTestId('signature-standing')).toHaveText('Declined');
    await expect(panel.getByText(`declined to sign: “${reason}”`)).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Download sealed copy' })).toBeVisible({
      timeout: 30_000,
    });
    // One viewer, of the sealed copy; the original is listed to download, not shown twice.
    const documents = page.getByRole('region', { name: /^Document viewer: / });
    await expect(documents).toHaveCount(1);
    const list = page.getByRole('list', { name: 'Documents' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    const { raw, event } = await waitForWebhook(receiver.received, 'signature.declined');
    expect(verifyWebhookSignature(raw, provider.webhookSecret)).toBe(true);
    expect(event.data.declined_reason).toBe(reason);
    await page.goto('/open-signature-requests');
    await expect(page.getByRole('heading', { name: 'Nothing to sign' })).toBeVisible();
    await scanWithoutHover(page);
  } finally {
    await receiver.close();
  }
});

test('a wrong password does not sign, and keeps everything but the password', async ({
  page,
  user,
}) => {
  const provider = await createProvider(`Bank ${uniqueWord()}`, 'http://127.0.0.1:9/hooks');
  const subject = `Kontoeröffnung ${uniqueWord()}`;
  const letterId = await deliverSignatureRequest(provider, { recipientEmail: user.email, subject });
  await logIn(page, user, `/login?redirect=/inbox/${letterId}`);
  const panel = panelOf(page, 'en');
  await panel.getByRole('button', { name: 'Sign', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign the document' });
  await dialog.getByLabel('Your name').fill('E. Mustermann');
  await dialog.getByRole('checkbox', { name: texts.en.consent }).check();
  const password = dialog.getByRole('textbox', { name: 'Your password', exact: true });
  await password.fill('not my password');
  await dialog.getByRole('button', { name: 'Sign now' }).click();
  await expect(dialog.getByText('The password is not correct. Try again.')).toBeVisible();
  await expect(password).toHaveValue('');
  await expect(password).toBeFocused();
  await expect(dialog.getByLabel('Your name')).toHaveValue('E. Mustermann');
  await expect(dialog.getByRole('checkbox', { name: texts.en.consent })).toBeChecked();
  await scanWithoutHover(page);
  await screenshot(page, 'signatures-wrong-password');
  // Guessing is limited like logging in: after a few wrong passwords even the right one waits.
  const submit = async (value: string) => {
    await password.fill(value);
    const [response] = await Promise.all([
      page.waitForResponse((candidate) => candidate.url().endsWith('/signature/sign')),
      dialog.getByRole('button', { name: 'Sign now' }).click(),
    ]);
    return response.status();
  };
  let answer = 400;
  for (let attempt = 0; attempt < 10 && answer === 400; attempt += 1) {
    answer = await submit('still not my password');
  }
  expect(answer).toBe(429);
  await expect(dialog.getByText(/^Too many attempts\. Please try again in /)).toBeVisible();
  expect(await submit(user.password)).toBe(429);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel.getByTestId('signature-standing')).toHaveText('Waiting for your signature');
  const status = await senderApi<{ signature: { signers: Array<{ status: string }> } }>(
    provider,
    `/letters/${letterId}`,
  );
  expect(status.signature.signers.map((signer) => signer.status)).toEqual(['pending']);
});

test('an expired request cannot be signed', async ({ page, user }) => {
  const provider = await createProvider(`Amt ${uniqueWord()}`, 'http://127.0.0.1:9/hooks');
  const subject = `Antrag ${uniqueWord()}`;
  const letterId = await deliverSignatureRequest(provider, {
    recipientEmail: user.email,
    subject,
    dueInDays: 1,
  });
  letRequestPassItsDueDate(letterId);
  await logIn(page, user, `/login?redirect=/inbox/${letterId}`);
  const panel = panelOf(page, 'en');
  await expect(panel.getByTestId('signature-standing')).toHaveText('Expired');
  await expect(panel.getByTestId('cannot-sign-reason')).toHaveText(
    'This request has expired and can no longer be signed.',
  );
  await expect(panel.getByRole('button', { name: 'Sign', exact: true })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Decline', exact: true })).toHaveCount(0);
  const attempt = await portalPost(page, `/api/letters/${letterId}/signature/sign`, {
    method: 'typed',
    typed_name: 'Erika Mustermann',
    consent: true,
    password: user.password,
  });
  expect(attempt).toEqual({ status: 409, code: 'SIGNATURE_CLOSED' });
  // It no longer waits for a signature, even before the hourly expiry job has run.
  await page.goto('/open-signature-requests');
  await expect(page.getByRole('heading', { name: 'Nothing to sign' })).toBeVisible();
  await expect(page.locator(`[data-letter-id="${letterId}"]`)).toHaveCount(0);
  await scanWithoutHover(page);
});

test('a viewer of a shared account sees the request but cannot sign it', async ({ page, user }) => {
  const provider = await createProvider(`Verein ${uniqueWord()}`, 'http://127.0.0.1:9/hooks');
  const subject = `Vollmacht ${uniqueWord()}`;
  const letterId = await deliverSignatureRequest(provider, { recipientEmail: user.email, subject });
  const viewer = await createInvitedUser('Şükrü');
  await addAccountMember(user.email, viewer.email, 'viewer');
  await logIn(page, viewer, `/login?redirect=/inbox/${letterId}`);
  const panel = panelOf(page, 'en');
  await expect(panel.getByTestId('signature-standing')).toHaveText('Waiting for others');
  await expect(panel.getByRole('button', { name: 'Sign', exact: true })).toBeDisabled();
  await expect(panel.getByTestId('cannot-sign-reason')).toContainText('not sign for it');
  await expect(panel.getByRole('button', { name: 'Decline', exact: true })).toHaveCount(0);
  await scanWithoutHover(page);
  const attempt = await portalPost(page, `/api/letters/${letterId}/signature/sign`, {
    method: 'typed',
    typed_name: 'Şükrü Mustermann',
    consent: true,
    password: viewer.password,
  });
  expect(attempt.status).toBe(403);
  await page.goto('/open-signature-requests');
  await expect(page.getByRole('heading', { name: 'Nothing to sign' })).toBeVisible();
});
