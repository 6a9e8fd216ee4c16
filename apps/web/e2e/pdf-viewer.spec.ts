import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
// The journey sends the same million-page document as the server's tests.
import { millionPagesPdf } from '@kuvert/test-fixtures/hostile-pdfs';
import { expect, logIn, test } from './support/fixtures.ts';
import { createProvider, deliverLetter, makePdf, NO_WEBHOOK } from './support/provider.ts';
import { scanWithoutHover, screenshot } from './support/page-checks.ts';

/** No webhook receiver listens here; these providers need none. */
const IBAN = 'DE89 3704 0044 0532 0130 00';

const uniqueWord = () =>
  `kiwi${[...randomBytes(5)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('')}`;

/** A two-page letter: the word twice on page 1, once on page 2, and an IBAN to copy. */
async function deliverStatement(email: string, word: string) {
  const provider = await createProvider(`Stadtkasse ${word}`, NO_WEBHOOK);
  const subject = `Statement ${word.slice(-5)}`;
  const id = await deliverLetter(provider, {
    recipientEmail: email,
    subject,
    pdf: await makePdf([
      ['Stadtkasse', `Please transfer to IBAN ${IBAN}`, `Reference ${word}`, `Again ${word}`],
      ['Page two', `Last mention ${word}`],
    ]),
    filename: 'statement.pdf',
  });
  return { id, subject };
}

/** window.print() records what would be printed instead of opening the dialog. */
async function catchPrint(page: Page) {
  await page.evaluate(() => {
    window.print = () => {
      document.body.dataset.printed = `${document.body.dataset.printing}:${
        document.querySelectorAll('body > [data-print-pages] img').length
      }`;
    };
  });
}

/** What the printer would get: the page as a PDF in print media, counted in pages. */
async function printedPageCount(page: Page): Promise<number> {
  const pdf = await PDFDocument.load(await page.pdf({ format: 'A4' }));
  return pdf.getPageCount();
}

test('text in a letter’s PDF can be selected, found, read as text and printed; a sent attachment shows in the viewer', async ({
  page,
  user,
}) => {
  test.setTimeout(240_000);
  const word = uniqueWord();
  const letter = await deliverStatement(user.email, word);

  await logIn(page, user, `/login?redirect=/inbox/${letter.id}`);
  await expect(page.getByRole('heading', { level: 1, name: letter.subject })).toBeVisible();
  const viewer = page.getByRole('region', { name: 'Document viewer: statement.pdf' });
  await expect(page.getByTestId('pdf-page-status')).toHaveText('Page 1 of 2', {
    timeout: 15_000,
  });

  // Selecting the IBAN with the mouse selects its text, as in any document.
  const ibanLine = viewer.getByText(`Please transfer to IBAN ${IBAN}`);
  await expect(ibanLine).toBeAttached();
  const box = await ibanLine.boundingBox();
  if (box === null) throw new Error('the text layer has no IBAN line');
  await page.mouse.move(box.x + 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width - 1, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  expect(await page.evaluate(() => window.getSelection()?.toString())).toContain(IBAN);

  // Find in document: "1 of 3", the match marked; Enter moves on, onto page 2 and back.
  const find = page.getByRole('searchbox', { name: 'Find in document' });
  await find.fill(word.toUpperCase());
  const status = page.getByTestId('pdf-find-status');
  await expect(status).toHaveText('1 of 3');
  await expect(viewer.locator('mark')).toHaveCount(2);
  await expect(viewer.locator('mark[data-current]')).toHaveText(word);
  await scanWithoutHover(page);
  await screenshot(page, 'pdf/viewer-find', viewer.locator('..'));
  await find.press('Enter');
  await expect(status).toHaveText('2 of 3');
  await find.press('Enter');
  await expect(status).toHaveText('3 of 3');
  await expect(page.getByTestId('pdf-page-status')).toHaveText('Page 2 of 2');
  await expect(viewer.locator('mark[data-current]')).toHaveText(word);
  await find.press('Shift+Enter');
  await expect(page.getByTestId('pdf-page-status')).toHaveText('Page 1 of 2');
  await expect(status).toHaveText('2 of 3');
  await find.fill('nowhere to be found');
  await expect(status).toHaveText('No matches');
  await expect(viewer.locator('mark')).toHaveCount(0);

  // The text version: every page's words, for a screen reader or to copy.
  await page.getByRole('button', { name: 'Text version' }).click();
  const textVersion = page.getByRole('region', { name: 'Text of statement.pdf' });
  await expect(textVersion.getByRole('heading', { name: 'Page 2' })).toBeVisible();
  await expect(textVersion).toContainText(`Please transfer to IBAN ${IBAN}`);
  await expect(textVersion).toContainText(`Last mention ${word}`);
  await scanWithoutHover(page);
  await page.getByRole('button', { name: 'Text version' }).click();
  await expect(textVersion).toHaveCount(0);

  // Open in a new tab: the document's own address, shown inline.
  await expect(page.getByRole('link', { name: 'Open in new tab' })).toHaveAttribute(
    'href',
    /\/content\?disposition=inline$/,
  );

  // Print the document alone: its two pages, nothing of the app.
  await catchPrint(page);
  await page.getByRole('button', { name: 'Print document' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-printed', 'document:2');
  expect(await printedPageCount(page)).toBe(2);

  // Print the letter: the letter without the app around it, then the document's pages.
  await page.getByRole('button', { name: 'Print', exact: true }).click();
  await expect(page.locator('body')).toHaveAttribute('data-printed', 'letter:2');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeHidden();
  await expect(page.getByRole('toolbar', { name: 'Letter actions' })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: letter.subject })).toBeVisible();
  await page.setViewportSize({ width: 794, height: 1123 });
  await page.screenshot({ path: '/tmp/shots/pdf/letter-print-preview.png', fullPage: true });
  // The letter on its page, then the document's two pages.
  expect(await printedPageCount(page)).toBe(3);
  await page.emulateMedia({ media: 'screen' });
  await page.setViewportSize({ width: 1280, height: 720 });

  // A reply with a PDF attached: its page shows the attachment in the same viewer.
  await page.getByRole('button', { name: 'Reply' }).click();
  const replyForm = page.getByRole('form', { name: 'Reply' });
  await replyForm.getByLabel('Message').fill('Paid, see the receipt attached.');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'receipt.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(await makePdf([['Receipt', `Transferred for ${word}`]])),
  });
  await expect(replyForm.getByText('receipt.pdf')).toBeVisible();
  await replyForm.getByRole('button', { name: 'Send reply' }).click();
  const replies = page.getByRole('region', { name: 'Your replies' });
  await replies.getByRole('link', { name: `Re: ${letter.subject}` }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Re: ${letter.subject}` }),
  ).toBeVisible();
  const sentViewer = page.getByRole('region', { name: 'Document viewer: receipt.pdf' });
  await expect(sentViewer.getByRole('img', { name: 'Page 1 of 1 of receipt.pdf' })).toBeVisible({
    timeout: 15_000,
  });
  await page.getByRole('searchbox', { name: 'Find in document' }).fill('transferred');
  await expect(page.getByTestId('pdf-find-status')).toHaveText('1 of 1');
  await expect(sentViewer.locator('mark[data-current]')).toHaveText('Transferred');
  await scanWithoutHover(page);
  await screenshot(page, 'pdf/sent-letter');
});

test('in German the viewer finds, counts pages with digit grouping and prints', async ({
  page,
  user,
}) => {
  test.setTimeout(180_000);
  const word = uniqueWord();
  const letter = await deliverStatement(user.email, word);
  const provider = await createProvider(`Endlos AG ${word}`, NO_WEBHOOK);
  const millionId = await deliverLetter(provider, {
    recipientEmail: user.email,
    subject: 'Allgemeine Bedingungen',
    pdf: millionPagesPdf(),
    filename: 'bedingungen.pdf',
  });

  await logIn(page, user, `/login?redirect=/inbox/${letter.id}`);
  await expect(page.getByRole('heading', { level: 1, name: letter.subject })).toBeVisible();
  await page.getByLabel('Language').selectOption('de');
  const viewer = page.getByRole('region', { name: 'Dokumentansicht: statement.pdf' });
  await expect(page.getByTestId('pdf-page-status')).toHaveText('Seite 1 von 2', {
    timeout: 15_000,
  });
  await expect(viewer.getByText(`Please transfer to IBAN ${IBAN}`)).toBeAttached();
  const find = page.getByRole('searchbox', { name: 'Im Dokument suchen' });
  await find.fill(word);
  await expect(page.getByTestId('pdf-find-status')).toHaveText('1 von 3');
  await expect(viewer.locator('mark[data-current]')).toHaveText(word);
  await page.getByRole('button', { name: 'Nächster Treffer' }).click();
  await expect(page.getByTestId('pdf-find-status')).toHaveText('2 von 3');
  await page.getByRole('button', { name: 'Textfassung' }).click();
  await expect(page.getByRole('region', { name: 'Text von statement.pdf' })).toContainText(
    `Last mention ${word}`,
  );
  await scanWithoutHover(page);
  await screenshot(page, 'pdf/viewer-de');

  await catchPrint(page);
  await page.getByRole('button', { name: 'Drucken', exact: true }).click();
  await expect(page.locator('body')).toHaveAttribute('data-printed', 'letter:2');

  // A document claiming a million pages, shown on request: its count is written the German way.
  await page.goto(`/inbox/${millionId}`);
  const notice = page.getByRole('alert').filter({ hasText: 'bedingungen.pdf' });
  await notice.getByRole('button', { name: 'Dokument trotzdem anzeigen' }).click({
    timeout: 20_000,
  });
  await expect(page.getByTestId('pdf-page-status')).toHaveText('Seite 1 von 1.000.000', {
    timeout: 20_000,
  });
  await scanWithoutHover(page);
});
