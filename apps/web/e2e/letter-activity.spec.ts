import type { Browser, Page } from '@playwright/test';
import { E2E_BASE_URL } from './support/environment.ts';
import { expect, logIn, test } from './support/fixtures.ts';
import { scanWithoutHover, screenshot } from './support/page-checks.ts';
import {
  NO_WEBHOOK,
  createProvider,
  deliverLetter,
  makePdf,
  uniqueWord,
} from './support/provider.ts';
import {
  addAccountMember,
  deliverSignatureRequest,
  isoDay,
  portalPost,
} from './support/signatures.ts';
import { createInvitedUser, type TestUser } from './support/users.ts';

/*
 * Issue 24, a letter of a shared mailbox says who paid or signed it once, and only what is
 * true of that letter: the invoice panel says who paid (no second "Paid by" line), and a
 * request sent to two people marks, among the request's signers, the one whose copy the letter
 * is; the other signer's signature on their own copy is not said of this letter.
 */

const texts = {
  en: {
    paidBy: (name: string) => `${name} marked this invoice as paid: paid outside Kuvert.`,
    paidLine: /Paid by/,
    panel: 'Signature request',
    signsThisLetter: 'Signs this letter',
    signed: 'Signed',
    waiting: 'Waiting',
    signedLine: /Signed by/,
  },
  de: {
    paidBy: (name: string) =>
      `${name} hat diese Rechnung als bezahlt markiert: außerhalb von Kuvert bezahlt.`,
    paidLine: /Bezahlt von/,
    panel: 'Signaturanfrage',
    signsThisLetter: 'Unterschreibt diesen Brief',
    signed: 'Unterschrieben',
    waiting: 'Ausstehend',
    signedLine: /Unterschrieben von/,
  },
} as const;
type Language = keyof typeof texts;

async function openCopyOf(page: Page): Promise<string> {
  const response = await page.request.get(`${E2E_BASE_URL}/api/signature-requests/open`);
  const list: { items: Array<{ letter_id: string }> } = await response.json();
  const [item] = list.items;
  if (!item) throw new Error('no open signature request');
  return item.letter_id;
}

async function inNewPage<T>(
  browser: Browser,
  user: TestUser,
  work: (page: Page) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await logIn(page, user);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    return await work(page);
  } finally {
    await context.close();
  }
}

async function sharedMailboxLetters(
  page: Page,
  browser: Browser,
  owner: TestUser,
  language: Language,
) {
  const t = texts[language];
  const member = await createInvitedUser('Ole');
  const anna = await createInvitedUser('Anna');
  await addAccountMember(owner.email, member.email, 'member');
  const provider = await createProvider(`Stadtwerke ${uniqueWord()}`, NO_WEBHOOK);

  // The owner marks an invoice paid; the member opens it.
  const invoiceSubject = `Strom ${uniqueWord()}`;
  const invoiceId = await deliverLetter(provider, {
    recipientEmail: owner.email,
    subject: invoiceSubject,
    body: 'Your invoice.',
    kind: 'invoice',
    invoice: {
      amount: 4_200,
      currency: 'EUR',
      due_date: isoDay(14),
      iban: 'DE89370400440532013000',
      reference: `RF-${uniqueWord().toUpperCase()}`,
    },
    pdf: await makePdf([['Invoice', invoiceSubject]]),
    filename: 'invoice.pdf',
  });
  // A request to the owner and Anna; Anna signs her own copy, the owner not yet.
  const requestSubject = `Vertrag ${uniqueWord()}`;
  const requestId = await deliverSignatureRequest(provider, {
    recipientEmail: owner.email,
    subject: requestSubject,
    signers: [owner.email, anna.email],
  });
  await inNewPage(browser, owner, async (ownerPage) => {
    const paid = await portalPost(ownerPage, `/api/invoices/${invoiceId}/mark-paid`, {
      paid_on: isoDay(-1),
    });
    expect(paid.status).toBe(200);
  });
  await inNewPage(browser, anna, async (annaPage) => {
    const annasCopy = await openCopyOf(annaPage);
    const signed = await portalPost(annaPage, `/api/letters/${annasCopy}/signature/sign`, {
      method: 'typed',
      typed_name: 'Anna Mustermann',
      consent: true,
      password: anna.password,
    });
    expect(signed.status).toBe(200);
  });

  await logIn(page, member, `/login?redirect=${encodeURIComponent(`/inbox/${invoiceId}`)}`);
  await expect(page.getByRole('heading', { level: 1, name: invoiceSubject })).toBeVisible();
  if (language === 'de') await page.getByRole('banner').getByLabel('Language').selectOption('de');
  const ownerName = `${owner.firstName} Mustermann`;
  await expect(page.getByTestId('invoice-panel').getByText(t.paidBy(ownerName))).toBeVisible();
  // Said once: no "Paid by" line under the letter besides.
  await expect(page.getByText(t.paidLine)).toHaveCount(0);
  await scanWithoutHover(page);
  await screenshot(page, `letter-activity-${language}-invoice`);

  await page.goto(`/inbox/${requestId}`);
  await expect(page.getByRole('heading', { level: 1, name: requestSubject })).toBeVisible();
  const panel = page.getByRole('region', { name: t.panel, exact: true });
  const signers = panel.getByRole('listitem');
  await expect(signers).toHaveCount(2);
  await expect(signers.nth(0)).toContainText(ownerName);
  await expect(signers.nth(0)).toContainText(t.signsThisLetter);
  await expect(signers.nth(0)).toContainText(t.waiting);
  await expect(signers.nth(1)).toContainText('Anna Mustermann');
  await expect(signers.nth(1)).toContainText(t.signed);
  await expect(signers.nth(1)).not.toContainText(t.signsThisLetter);
  // Anna signed her own copy: this letter does not say it was signed by her.
  await expect(page.getByText(t.signedLine)).toHaveCount(0);
  await scanWithoutHover(page);
  await screenshot(page, `letter-activity-${language}-signature`);
}

test('a shared letter says who paid in the invoice panel only, and whose copy a request is', async ({
  page,
  browser,
  user,
}) => {
  test.setTimeout(120_000);
  await sharedMailboxLetters(page, browser, user, 'en');
});

test('auf Deutsch: wer bezahlt hat steht einmal, und wessen Exemplar die Anfrage ist', async ({
  page,
  browser,
  user,
}) => {
  test.setTimeout(120_000);
  await sharedMailboxLetters(page, browser, user, 'de');
});
