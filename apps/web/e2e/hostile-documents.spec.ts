// The journeys send the same hostile documents as the server's tests.
import {
  decompressionBombPdf,
  htmlPretendingToBePdf,
  javaScriptPdf,
  millionPagesPdf,
} from '@kuvert/test-fixtures/hostile-pdfs';
import { expect, logIn, test } from './support/fixtures.ts';
import { createProvider, deliverLetter, makePdf, NO_WEBHOOK } from './support/provider.ts';
import { scanWithoutHover, screenshot } from './support/page-checks.ts';

/** No webhook receiver listens here; these providers need none. */
test('a letter whose PDF could not be read says so, in English and German, and still offers the document', async ({
  page,
  user,
}) => {
  test.setTimeout(180_000);
  const provider = await createProvider('Hostile Sender GmbH', NO_WEBHOOK);
  const bombId = await deliverLetter(provider, {
    recipientEmail: user.email,
    subject: 'Your annual statement',
    pdf: await decompressionBombPdf(),
    filename: 'statement.pdf',
  });
  const millionId = await deliverLetter(provider, {
    recipientEmail: user.email,
    subject: 'Terms and conditions',
    pdf: millionPagesPdf(),
    filename: 'terms.pdf',
  });

  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.goto(`/inbox/${bombId}`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your annual statement' }),
  ).toBeVisible();
  // Read in the background; the open page learns the outcome live.
  const notice = page.getByRole('alert').filter({ hasText: 'statement.pdf' });
  await expect(notice).toContainText('The text of “statement.pdf” could not be read', {
    timeout: 20_000,
  });
  await expect(notice).toContainText('unpacks to far more data than a letter needs');
  await expect(notice).toContainText('you can still open and download it');
  await expect(notice.getByRole('link', { name: 'Download' })).toHaveAttribute(
    'href',
    /\/content\?disposition=attachment/,
  );
  // What broke a limit on the server is not handed to the browser's reader unasked.
  await expect(page.getByRole('img', { name: /of statement\.pdf/ })).toHaveCount(0);
  await expect(page.getByText('text could not be read')).toBeVisible();
  await scanWithoutHover(page);
  await screenshot(page, 'letter-text-failed');

  // The million-page document: shown on request, the viewer copes.
  await page.goto(`/inbox/${millionId}`);
  const terms = page.getByRole('alert').filter({ hasText: 'terms.pdf' });
  await expect(terms).toContainText('It has more pages than Kuvert reads.', { timeout: 20_000 });
  await terms.getByRole('button', { name: 'Show document anyway' }).click();
  await expect(page.getByText('Page 1 of 1,000,000')).toBeVisible({ timeout: 20_000 });
  await expect(terms.getByRole('button', { name: 'Show document anyway' })).toHaveCount(0);

  // The choice reaches the profile before the page is loaded anew, which asks the profile.
  const saved = page.waitForResponse(
    (answer) => answer.url().endsWith('/api/profile') && answer.request().method() === 'PATCH',
  );
  await page.getByLabel('Language').selectOption('de');
  expect((await saved).status()).toBe(200);
  await page.goto(`/inbox/${bombId}`);
  const german = page.getByRole('alert').filter({ hasText: 'statement.pdf' });
  await expect(german).toContainText('Der Text von „statement.pdf“ konnte nicht gelesen werden');
  await expect(german).toContainText('Sie können es weiterhin öffnen und herunterladen');
  await expect(german.getByRole('button', { name: 'Dokument trotzdem anzeigen' })).toBeVisible();
  await scanWithoutHover(page);
});

test('a reply refuses a fake PDF and one with JavaScript, naming the file, and keeps what was typed', async ({
  page,
  user,
}) => {
  // A bound for a busy machine: each refused file is checked in the processing pool first.
  test.setTimeout(120_000);
  const provider = await createProvider('Reply Check AG', NO_WEBHOOK);
  const letterId = await deliverLetter(provider, {
    recipientEmail: user.email,
    subject: 'Please confirm',
    pdf: await makePdf([['Please confirm your meter reading']]),
  });
  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.goto(`/inbox/${letterId}`);
  await page.getByRole('button', { name: 'Reply' }).click();
  const replyForm = page.getByRole('form', { name: 'Reply' });
  await replyForm.getByLabel('Message').fill('Meter reading: 4711');

  const fileInput = page.locator('input[type="file"]');
  await fileInput.setInputFiles({
    name: 'reading.pdf',
    mimeType: 'application/pdf',
    buffer: htmlPretendingToBePdf(),
  });
  await replyForm.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText('“reading.pdf”: This file type is not supported.')).toBeVisible();
  await expect(replyForm.getByLabel('Message')).toHaveValue('Meter reading: 4711');
  await replyForm.getByRole('button', { name: /reading\.pdf/ }).click();

  await fileInput.setInputFiles({
    name: 'form.pdf',
    mimeType: 'application/pdf',
    buffer: javaScriptPdf(),
  });
  await replyForm.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText(/“form\.pdf”: This PDF contains active content/)).toBeVisible();
  await scanWithoutHover(page);
});
