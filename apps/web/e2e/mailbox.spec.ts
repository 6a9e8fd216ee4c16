import type { Page } from '@playwright/test';
import { expect, logIn, test } from './support/fixtures.ts';
import {
  createProvider,
  deliverLetter,
  makePdf,
  senderApi,
  startWebhookReceiver,
  uniqueWord,
  verifyWebhookSignature,
} from './support/provider.ts';
import { scanWithoutHover, screenshot } from './support/page-checks.ts';

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const notification = (page: Page, type: string) =>
  page.locator(`[data-notification-type="${type}"]`);

test('a provider delivers, the user reads, finds, files, trashes, restores and replies', async ({
  page,
  user,
}) => {
  test.setTimeout(240_000);
  const receiver = await startWebhookReceiver();
  try {
    const provider = await createProvider(`Stadtwerke E2E ${uniqueWord('quokka')}`, receiver.url);
    const word = uniqueWord('quokka');
    const subject = `Your new electricity tariff ${word.slice(-4).toUpperCase()}`;
    const pdf = await makePdf([
      ['Stadtwerke', 'Your new tariff from 1 July', `Reference word: ${word}`],
      ['Page two', 'Terms and conditions'],
    ]);

    await logIn(page, user);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await mainNav(page).getByRole('link', { name: 'Inbox', exact: true }).click();
    await expect(page.getByText('No letters yet')).toBeVisible();

    // The provider's program delivers; the open inbox shows it without a reload.
    const letterId = await deliverLetter(provider, {
      recipientEmail: user.email,
      subject,
      body: 'Dear customer,\nplease find your new tariff attached.\nhttps://example.com/tariff',
      pdf,
      filename: 'tariff.pdf',
    });
    const inbox = page.getByRole('list', { name: 'Inbox' });
    await expect(inbox.getByRole('link', { name: new RegExp(subject) })).toBeVisible({
      timeout: 15_000,
    });
    await expect(
      notification(page, 'info').filter({ hasText: `New letter from ${provider.name}` }),
    ).toBeVisible();

    // Reading: the PDF renders with its page count; page navigation works.
    await inbox.getByRole('link', { name: new RegExp(subject) }).click();
    await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    await expect(page.getByText('Page 1 of 2')).toBeVisible({ timeout: 15_000 });
    const canvas = page.getByRole('img', { name: /Page 1 of 2 of tariff\.pdf/ });
    await expect(canvas).toBeVisible();
    expect((await canvas.boundingBox())?.height ?? 0).toBeGreaterThan(200);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByText('Page 2 of 2')).toBeVisible();
    await scanWithoutHover(page);

    // Back to the list; the letter is read now.
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
    await expect(page.locator(`[data-letter-id="${letterId}"]`)).not.toHaveAttribute('data-unread');

    // Search finds the word that only the PDF contains (text extraction is a background job).
    await page.keyboard.press('/');
    const searchBox = page.getByRole('searchbox', { name: 'Search letters' });
    await expect(searchBox).toBeFocused();
    await expect(async () => {
      await searchBox.fill(word);
      await searchBox.press('Enter');
      await expect(page.getByTestId('search-snippet').locator('mark')).toHaveText(word, {
        ignoreCase: true,
        timeout: 2000,
      });
    }).toPass({ timeout: 20_000 });
    await expect(page).toHaveURL(new RegExp(`[?&]q=${word}`));
    await expect(page.getByText('Found in a document')).toBeVisible();
    await scanWithoutHover(page);
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(inbox.getByRole('link', { name: new RegExp(subject) })).toBeVisible();

    // Filing: a new folder, then move the letter there.
    const folderName = `Energy ${word.slice(-4)}`;
    await mainNav(page).getByRole('link', { name: 'Folders', exact: true }).click();
    await page.getByRole('link', { name: 'New folder' }).first().click();
    await page.getByLabel('Folder name').fill(folderName);
    await page.getByRole('button', { name: 'Create folder' }).click();
    await expect(page.getByRole('link', { name: folderName }).first()).toBeVisible();
    await scanWithoutHover(page);

    await mainNav(page).getByRole('link', { name: 'Inbox', exact: true }).click();
    await page.getByRole('checkbox', { name: `Select: ${subject}` }).check();
    await page.getByRole('button', { name: 'Move' }).click();
    await page.getByRole('menuitem', { name: folderName }).click();
    await expect(notification(page, 'positive').filter({ hasText: 'Letter moved.' })).toBeVisible();
    await mainNav(page).getByRole('link', { name: folderName }).click();
    await expect(page.getByRole('heading', { level: 1, name: folderName })).toBeVisible();
    const folderList = page.getByRole('list', { name: folderName });
    await expect(folderList.getByRole('link', { name: new RegExp(subject) })).toBeVisible();

    // Trash, then restore from the trash.
    await page.getByRole('checkbox', { name: `Select: ${subject}` }).check();
    await page.getByRole('button', { name: 'Trash' }).click();
    await expect(
      notification(page, 'positive').filter({ hasText: 'Moved to trash.' }),
    ).toBeVisible();
    await expect(folderList.getByRole('link', { name: new RegExp(subject) })).toHaveCount(0);
    await mainNav(page).getByRole('link', { name: 'Trash', exact: true }).click();
    await expect(page.getByText('deleted for good after 30 days')).toBeVisible();
    await page.getByRole('checkbox', { name: `Select letter ${subject}` }).check();
    await scanWithoutHover(page);
    await page
      .getByRole('toolbar', { name: 'Selected things' })
      .getByRole('button', { name: 'Restore' })
      .click();
    await expect(
      notification(page, 'positive').filter({ hasText: `Letter “${subject}” is back.` }),
    ).toBeVisible();
    await expect(page.getByText('The trash is empty')).toBeVisible();

    // Reply, with an attachment; it lands in the outbox.
    await mainNav(page).getByRole('link', { name: folderName }).click();
    await folderList.getByRole('link', { name: new RegExp(subject) }).click();
    await page.getByRole('button', { name: 'Reply' }).click();
    const replyForm = page.getByRole('form', { name: 'Reply' });
    await expect(replyForm.getByLabel('Subject')).toHaveValue(`Re: ${subject}`);
    await replyForm.getByLabel('Message').fill('Thank you, I agree to the new tariff.');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'signed.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(await makePdf([['Signed', word]])),
    });
    await expect(replyForm.getByText('signed.pdf')).toBeVisible();
    await replyForm.getByRole('button', { name: 'Send reply' }).click();
    await expect(
      notification(page, 'positive').filter({
        hasText: `Your reply to ${provider.name} has been sent.`,
      }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your replies' })).toContainText(
      `Re: ${subject}`,
    );
    await page.goto('/outbox');
    const outbox = page.getByRole('list', { name: 'Outbox' });
    await expect(outbox.getByRole('link', { name: new RegExp(`Re: ${subject}`) })).toBeVisible();
    await scanWithoutHover(page);

    // The provider sees the read status and the reply…
    const status = await senderApi<{ read_at: string | null }>(provider, `/letters/${letterId}`);
    expect(status.read_at).not.toBeNull();
    const messages = await senderApi<{
      items: Array<{ in_reply_to: string | null; subject: string; documents: unknown[] }>;
    }>(provider, '/messages');
    const reply = messages.items.find((message) => message.in_reply_to === letterId);
    expect(reply?.subject).toBe(`Re: ${subject}`);
    expect(reply?.documents).toHaveLength(1);

    // …and got both as signed webhooks.
    await expect
      .poll(() => receiver.received.map((webhook) => JSON.parse(webhook.body).type), {
        timeout: 20_000,
      })
      .toEqual(expect.arrayContaining(['letter.read', 'message.received']));
    for (const webhook of receiver.received) {
      expect(verifyWebhookSignature(webhook, provider.webhookSecret)).toBe(true);
      expect(verifyWebhookSignature(webhook, `${provider.webhookSecret}x`)).toBe(false);
    }
  } finally {
    await receiver.close();
  }
});

test('mailbox screens are accessible and work with the keyboard, on desktop and phone', async ({
  page,
  user,
}) => {
  test.setTimeout(180_000);
  const receiver = await startWebhookReceiver();
  try {
    const provider = await createProvider(
      `Hausverwaltung E2E ${uniqueWord('quokka')}`,
      receiver.url,
    );
    const dueDate = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
    const pdf = await makePdf([['Invoice', 'Service charges 2025']]);
    await deliverLetter(provider, {
      recipientEmail: user.email,
      subject: 'Service charge statement 2025',
      body: 'Dear tenant,\nyour annual statement is attached.',
      pdf,
    });
    await deliverLetter(provider, {
      recipientEmail: user.email,
      subject: 'Invoice for May',
      kind: 'invoice',
      invoice: {
        amount: 12_345,
        currency: 'EUR',
        due_date: dueDate,
        iban: 'DE89370400440532013000',
        reference: 'INV-2025-05',
      },
      pdf,
      filename: 'invoice.pdf',
    });

    await logIn(page, user);
    const cards = page.getByRole('region', { name: 'Needs your attention' });
    await expect(cards).toContainText('Unread letters');
    await expect(cards).toContainText('€123.45');
    await scanWithoutHover(page);
    await screenshot(page, 'mailbox-home');

    await mainNav(page).getByRole('link', { name: 'Inbox', exact: true }).click();
    const inbox = page.getByRole('list', { name: 'Inbox' });
    await expect(inbox.getByRole('listitem')).toHaveCount(2);
    await scanWithoutHover(page);
    await screenshot(page, 'mailbox-inbox');

    // j/k move through the list, x selects, Enter opens, u goes back, ? explains.
    await page.keyboard.press('j');
    await expect(inbox.getByRole('link', { name: /Invoice for May/ })).toBeFocused();
    await page.keyboard.press('j');
    await expect(inbox.getByRole('link', { name: /Service charge statement/ })).toBeFocused();
    await page.keyboard.press('k');
    await page.keyboard.press('x');
    await expect(page.getByRole('checkbox', { name: 'Select: Invoice for May' })).toBeChecked();
    await expect(
      page.getByRole('toolbar', { name: 'Actions for the selected letters' }),
    ).toBeVisible();
    await page.keyboard.press('x');
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help).toBeVisible();
    await scanWithoutHover(page);
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();
    await inbox.getByRole('link', { name: /Invoice for May/ }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Invoice for May' })).toBeVisible();
    await expect(page.getByText('Page 1 of 1')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('€123.45').first()).toBeVisible();
    await screenshot(page, 'mailbox-letter');
    await page.keyboard.press('u');
    await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();

    await page.goto('/folders');
    await expect(page.getByText('No folders yet')).toBeVisible();
    await screenshot(page, 'mailbox-folders');
    await page.goto('/trash');
    await expect(page.getByText('The trash is empty')).toBeVisible();
    await screenshot(page, 'mailbox-trash');

    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/inbox');
    await expect(inbox.getByRole('listitem')).toHaveCount(2);
    await page.getByRole('checkbox', { name: 'Select: Invoice for May' }).check();
    await expect(
      page.getByRole('toolbar', { name: 'Actions for the selected letters' }),
    ).toBeVisible();
    await scanWithoutHover(page);
  } finally {
    await receiver.close();
  }
});
