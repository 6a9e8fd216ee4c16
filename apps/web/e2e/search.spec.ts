import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, logIn, test } from './support/fixtures.ts';
import {
  createProvider,
  deliverLetter,
  makePdf,
  startWebhookReceiver,
  uniqueWord,
} from './support/provider.ts';
import { scanWithoutHover, screenshot } from './support/page-checks.ts';

function inTwoWeeks(): string {
  return new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
}

const searchBox = (page: Page, name = 'Search letters') => page.getByRole('searchbox', { name });
const row = (page: Page, subject: string) =>
  page.locator('li[data-letter-id]').filter({
    has: page.getByText(subject, { exact: true }),
  });
const resultStatus = (page: Page) => page.getByRole('status').filter({ hasText: /found|gefunden/ });
const subjectsInOrder = (page: Page) =>
  page.locator('li[data-letter-id] [data-letter-link] p:nth-of-type(1)').allTextContents();

async function search(page: Page, query: string, name?: string): Promise<void> {
  await searchBox(page, name).fill(query);
  await searchBox(page, name).press('Enter');
}

/** No sideways scrolling: waits out the layout settling after a resize. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const root = document.scrollingElement ?? document.documentElement;
        return root.scrollWidth - root.clientWidth;
      }),
    )
    .toBeLessThanOrEqual(0);
}

test('search shows the inbox rows, sent replies as sent, sorts, understands operators and long queries', async ({
  page,
  user,
}) => {
  test.setTimeout(240_000);
  mkdirSync('/tmp/shots/search', { recursive: true });
  const receiver = await startWebhookReceiver();
  try {
    const provider = await createProvider(`Stadtwerke ${uniqueWord('wombat')}`, receiver.url);
    const word = uniqueWord('wombat');
    const code = word.slice(-4).toUpperCase();
    const pdf = await makePdf([['Letter']]);
    const tariffSubject = `${word} tariff news ${code}`;
    const newsletterSubject = `Newsletter ${code}`;
    const invoiceSubject = `Abschlag ${code}`;
    await deliverLetter(provider, {
      recipientEmail: user.email,
      subject: tariffSubject,
      body: `The new ${word} tariff starts in July.`,
      pdf,
    });
    await deliverLetter(provider, {
      recipientEmail: user.email,
      subject: newsletterSubject,
      body: `Among other things: tariff prices for ${word} customers.`,
      pdf,
    });
    const invoiceId = await deliverLetter(provider, {
      recipientEmail: user.email,
      subject: invoiceSubject,
      body: `Your ${word} instalment is due.`,
      kind: 'invoice',
      invoice: {
        amount: 8400,
        currency: 'EUR',
        due_date: inTwoWeeks(),
        iban: 'DE89370400440532013000',
        reference: `ZS-${code}`,
      },
      pdf,
    });

    // The user answers the invoice: the reply is a letter of their own.
    await logIn(page, user);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await page.goto(`/inbox/${invoiceId}`);
    await page.getByRole('button', { name: 'Reply' }).click();
    const replyForm = page.getByRole('form', { name: 'Reply' });
    await replyForm.getByLabel('Message').fill(`My ${word} meter reads 4711.`);
    await replyForm.getByRole('button', { name: 'Send reply' }).click();
    await expect(page.getByRole('region', { name: 'Your replies' })).toContainText(
      `Re: ${invoiceSubject}`,
    );
    // Opening the invoice read it; unread again, so the search shows the dot.
    await page.goto('/inbox');
    await page.getByRole('checkbox', { name: `Select: ${invoiceSubject}` }).check();
    await page.getByRole('button', { name: 'Mark unread' }).click();
    await expect(row(page, invoiceSubject)).toHaveAttribute('data-unread', 'true');

    await search(page, word);
    const results = page.getByRole('list', { name: `Results for “${word}”` });
    await expect(results.locator('li')).toHaveCount(4);
    await expect(resultStatus(page)).toHaveText(`4 letters found for “${word}”`);

    // The inbox's rows: unread dot, invoice badge, selection; the sent reply is to the provider.
    const invoiceRow = row(page, invoiceSubject);
    await expect(invoiceRow).toHaveAttribute('data-unread', 'true');
    await expect(invoiceRow.locator('[data-invoice-status="open"]')).toContainText('€84.00');
    const replyRow = row(page, `Re: ${invoiceSubject}`);
    await expect(replyRow).toContainText(`To ${provider.name}`);
    await expect(replyRow).not.toHaveAttribute('data-unread');
    await expect(replyRow.getByRole('link')).toHaveAttribute('href', /^\/outbox\//);
    await expect(invoiceRow.getByTestId('search-snippet').locator('mark')).toHaveText(word);

    // Relevance first (stated), the word in a subject weighs most; newest first on request.
    await expect(page.getByRole('radio', { name: 'Relevance' })).toBeChecked();
    expect((await subjectsInOrder(page))[0]).toBe(tariffSubject);
    await screenshot(page, 'search/results-en');
    await scanWithoutHover(page);
    await page.getByText('Newest', { exact: true }).click();
    await expect(page).toHaveURL(/[?&]sort=newest/);
    await expect
      .poll(() => subjectsInOrder(page))
      .toEqual([`Re: ${invoiceSubject}`, invoiceSubject, newsletterSubject, tariffSubject]);

    // Bulk actions work on results.
    await invoiceRow.getByRole('checkbox', { name: `Select: ${invoiceSubject}` }).check();
    await expect(page.getByText('1 selected')).toBeVisible();
    await page.getByRole('button', { name: 'Mark read' }).click();
    await expect(invoiceRow).not.toHaveAttribute('data-unread');

    // What the search looks through, in the address: letters only, uploads only, or all.
    const kindFilter = page.getByRole('radiogroup', { name: 'Show' });
    await expect(kindFilter.getByRole('radio', { name: 'All' })).toBeChecked();
    await kindFilter.getByText('Letters', { exact: true }).click();
    await expect(page).toHaveURL(/[?&]kind=letters/);
    await expect(page).toHaveURL(/[?&]sort=newest/);
    await expect(resultStatus(page)).toHaveText(`4 letters found for “${word}”`);
    await expect(results.locator('li')).toHaveCount(4);
    await kindFilter.getByText('Uploads', { exact: true }).click();
    await expect(page).toHaveURL(/[?&]kind=uploads/);
    await expect(resultStatus(page)).toHaveText(`Nothing found for “${word}”`);
    await expect(page.getByText('Nothing found', { exact: true })).toBeVisible();
    await scanWithoutHover(page);
    await screenshot(page, 'search/kind-uploads-en');
    // Back returns to the letters; All leaves the address without a filter.
    await page.goBack();
    await expect(kindFilter.getByRole('radio', { name: 'Letters' })).toBeChecked();
    await expect(results.locator('li')).toHaveCount(4);
    await kindFilter.getByText('All', { exact: true }).click();
    await expect(page).not.toHaveURL(/[?&]kind=/);
    await expect(results.locator('li')).toHaveCount(4);

    // Operators: "exact phrase" and -word.
    await search(page, `"${word} tariff"`);
    await expect(resultStatus(page)).toHaveText(`1 letter found for “"${word} tariff"”`);
    await expect(row(page, tariffSubject)).toBeVisible();
    await search(page, `${word} -tariff`);
    await expect(resultStatus(page)).toHaveText(`2 letters found for “${word} -tariff”`);
    await expect
      .poll(() => subjectsInOrder(page))
      .toEqual([`Re: ${invoiceSubject}`, invoiceSubject]);

    // A long unbroken query wraps, on a phone too; the limit is counted, then explained.
    const longWord = 'z'.repeat(190);
    await search(page, longWord);
    await expect(page.getByText('190 of 200 characters')).toBeVisible();
    await expect(resultStatus(page)).toHaveText(`Nothing found for “${longWord}”`);
    await expectNoSidewaysScroll(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await page.setViewportSize({ width: 1280, height: 800 });

    const tooLong = 'y'.repeat(300);
    await searchBox(page).fill(tooLong);
    await expect(
      page.getByText('A search can be up to 200 characters long. Remove 100 characters to search.'),
    ).toBeVisible();
    await expect(searchBox(page)).toHaveValue(tooLong);
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(new RegExp(`[?&]q=${longWord}`));
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'search/too-long-en');

    // Arriving with such a query in the address explains it as well, and never overflows.
    await page.goto(`/inbox?q=${tooLong}`);
    await expect(page.getByRole('alert')).toContainText('This search is too long');
    await expectNoSidewaysScroll(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await scanWithoutHover(page);

    // In German: the same rows, the sort and the sent reply in German.
    await page.goto('/inbox');
    await page.getByLabel('Language').filter({ visible: true }).selectOption('de');
    await search(page, word, 'Briefe durchsuchen');
    await expect(resultStatus(page)).toHaveText(`4 Briefe gefunden für „${word}“`);
    await expect(page.getByRole('radio', { name: 'Relevanz' })).toBeChecked();
    const germanKindFilter = page.getByRole('radiogroup', { name: 'Anzeigen' });
    await expect(germanKindFilter.getByRole('radio', { name: 'Alle' })).toBeChecked();
    await germanKindFilter.getByText('Briefe', { exact: true }).click();
    await expect(page).toHaveURL(/[?&]kind=letters/);
    await expect(resultStatus(page)).toHaveText(`4 Briefe gefunden für „${word}“`);
    await germanKindFilter.getByText('Uploads', { exact: true }).click();
    await expect(resultStatus(page)).toHaveText(`Nichts gefunden für „${word}“`);
    await germanKindFilter.getByText('Alle', { exact: true }).click();
    await expect(page).not.toHaveURL(/[?&]kind=/);
    await expect(row(page, `Re: ${invoiceSubject}`)).toContainText(`An ${provider.name}`);
    await page.getByText('Neueste', { exact: true }).click();
    await expect
      .poll(() => subjectsInOrder(page))
      .toEqual([`Re: ${invoiceSubject}`, invoiceSubject, newsletterSubject, tariffSubject]);
    await scanWithoutHover(page);
    await screenshot(page, 'search/results-de');
    await searchBox(page, 'Briefe durchsuchen').fill(tooLong);
    await expect(
      page.getByText('Eine Suche darf höchstens 200 Zeichen lang sein. Entfernen Sie 100 Zeichen'),
    ).toBeVisible();
    await screenshot(page, 'search/too-long-de');
  } finally {
    await receiver.close();
  }
});
