import { readFileSync } from 'node:fs';
import ICAL from 'ical.js';
import type { Page } from '@playwright/test';
import { E2E_BASE_URL } from './support/environment.ts';
import { expect, expectNoAxeViolations, logIn, test } from './support/fixtures.ts';
import { readMailsTo } from './support/mail.ts';
import { scanWithoutHover, screenshot } from './support/page-checks.ts';
import {
  NO_WEBHOOK,
  createProvider,
  deliverLetter,
  makePdf,
  uniqueWord,
  type TestProvider,
} from './support/provider.ts';
import { isoDay } from './support/signatures.ts';

interface FeedEvent {
  uid: string;
  summary: string;
  url: string;
  start: string;
}

/** The feed as a calendar app reads it: fetched without a login, parsed by a real parser. */
async function fetchFeed(url: string): Promise<{ status: number; events: FeedEvent[] }> {
  const response = await fetch(url);
  if (response.status !== 200) return { status: response.status, events: [] };
  expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  return { status: 200, events: eventsOf(await response.text()) };
}

function eventsOf(text: string): FeedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      url: String(component.getFirstPropertyValue('url')),
      start: event.startDate.toString(),
    };
  });
}

async function deliverInvoice(
  provider: TestProvider,
  email: string,
  subject: string,
  dueInDays: number,
): Promise<string> {
  return deliverLetter(provider, {
    recipientEmail: email,
    subject,
    body: 'Please find your invoice attached.',
    kind: 'invoice',
    invoice: {
      amount: 4_250,
      currency: 'EUR',
      due_date: isoDay(dueInDays),
      iban: 'DE89370400440532013000',
      reference: `RF-${uniqueWord().toUpperCase()}`,
    },
    pdf: await makePdf([['Invoice', subject]]),
  });
}

async function openProfile(page: Page, title: string): Promise<void> {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

/** The attachment of a captured mail whose file name is `filename`, decoded. */
function attachmentOf(mail: string, filename: string): Buffer | undefined {
  const header =
    mail.indexOf(`filename=${filename}`) >= 0 ? `filename=${filename}` : `filename="${filename}"`;
  const at = mail.indexOf(header);
  if (at < 0) return undefined;
  const bodyStart = mail.indexOf('\r\n\r\n', at);
  // Base64 has no '-': the body ends where the boundary's dashes begin (the test's SMTP capture
  // may have dropped the line break before it).
  const bodyEnd = mail.indexOf('--', bodyStart);
  return Buffer.from(mail.slice(bodyStart + 4, bodyEnd).replace(/\s+/g, ''), 'base64');
}

test('the calendar address shows an open invoice, drops it once paid, and a letter downloads as .ics', async ({
  page,
  user,
}) => {
  test.setTimeout(180_000);
  const provider = await createProvider(`Stadtwerke ${uniqueWord()}`, NO_WEBHOOK);
  const subject = `Strom ${uniqueWord()}`;
  const letterId = await deliverInvoice(provider, user.email, subject, 12);

  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await openProfile(page, 'Profile');
  const section = page.getByRole('region', { name: 'Calendar' });
  await expect(section.getByText('You have no calendar address yet.')).toBeVisible();
  await section.getByRole('button', { name: 'Make a calendar address' }).click();
  const address = section.getByLabel('Your calendar address');
  await expect(address).toHaveValue(/\/api\/public\/calendar\/[A-Za-z0-9_-]{43}$/);
  const url = await address.inputValue();
  await expect(section.getByRole('link', { name: 'Open in your calendar app' })).toHaveAttribute(
    'href',
    url.replace(/^http:/, 'webcal:'),
  );
  await scanWithoutHover(page);
  await screenshot(page, 'calendar-feed-made', section);

  // The feed, as a calendar app fetches it: no cookie, only the address.
  const before = await fetchFeed(url);
  expect(before.status).toBe(200);
  const event = before.events.find((candidate) => candidate.url.endsWith(`/inbox/${letterId}`));
  expect(event).toMatchObject({
    start: isoDay(12),
    summary: `Pay €42.50 to ${provider.name}`,
    url: `${E2E_BASE_URL}/inbox/${letterId}`,
  });

  // The letter's own .ics file.
  await page.goto(`/inbox/${letterId}`);
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  const panel = page.getByRole('region', { name: 'Invoice', exact: true });
  const downloading = page.waitForEvent('download');
  await panel.getByRole('link', { name: 'Add to calendar' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('invoice-due-date.ics');
  const single = eventsOf(readFileSync(await download.path(), 'utf8'));
  expect(single).toEqual([expect.objectContaining({ uid: event?.uid, start: isoDay(12) })]);

  // Paid: it leaves the feed, and the button goes.
  await panel.getByRole('button', { name: 'Mark as paid' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark as paid' });
  await dialog.getByRole('button', { name: 'Mark as paid' }).click();
  await expect(page.locator('[data-notification-type="positive"]')).toContainText(
    'The invoice is marked as paid.',
  );
  await expect(panel.getByRole('link', { name: 'Add to calendar' })).toHaveCount(0);
  const after = await fetchFeed(url);
  expect(after.status).toBe(200);
  expect(after.events.some((candidate) => candidate.url.endsWith(`/inbox/${letterId}`))).toBe(
    false,
  );

  // A new address ends the old one.
  await openProfile(page, 'Profile');
  await expect(section.getByText(/Your calendar address is active since/)).toBeVisible();
  await section.getByRole('button', { name: 'Make a new address' }).click();
  await page
    .getByRole('dialog', { name: 'Make a new calendar address?' })
    .getByRole('button', { name: 'Make a new address' })
    .click();
  await expect(address).not.toHaveValue(url);
  expect((await fetchFeed(url)).status).toBe(404);
  expect((await fetchFeed(await address.inputValue())).status).toBe(200);
});

test.describe('at phone width, in German', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('forwarding for one sender mails its new letter with the PDF attached', async ({
    page,
    user,
  }) => {
    test.setTimeout(180_000);
    const chosen = await createProvider(`Versicherung ${uniqueWord()}`, NO_WEBHOOK);
    const other = await createProvider(`Verein ${uniqueWord()}`, NO_WEBHOOK);
    // Both have written before: they are the senders to choose from.
    for (const provider of [chosen, other]) {
      await deliverLetter(provider, {
        recipientEmail: user.email,
        subject: `Willkommen ${uniqueWord()}`,
        pdf: await makePdf([['Willkommen']]),
      });
    }

    await page.goto('/login');
    await page.getByLabel('Language').selectOption('de');
    await logIn(page, user);
    await expect(page.getByRole('heading', { level: 1, name: 'Start' })).toBeVisible();
    await openProfile(page, 'Profil');
    const section = page.getByRole('region', { name: 'Weiterleitung' });
    await section.getByRole('switch', { name: 'Neue Briefe per E-Mail weiterleiten' }).check();
    await section.getByRole('radio', { name: 'Nur von Absendern, die ich wähle' }).check();
    await section.getByRole('button', { name: 'Weiterleitung speichern' }).click();
    await expect(section.getByText('Wählen Sie mindestens einen Absender')).toBeVisible();
    await section.getByRole('checkbox', { name: chosen.name }).check();
    await section.getByRole('button', { name: 'Weiterleitung speichern' }).click();
    await expect(page.locator('[data-notification-type="positive"]')).toContainText(
      'Die Weiterleitung ist eingeschaltet.',
    );
    await scanWithoutHover(page);
    await screenshot(page, 'forwarding-section-de', section);
    const calendar = page.getByRole('region', { name: 'Kalender' });
    await calendar.getByRole('button', { name: 'Kalenderadresse erstellen' }).click();
    await expect(calendar.getByLabel('Ihre Kalenderadresse')).toHaveValue(
      /\/api\/public\/calendar\//,
    );
    await expectNoAxeViolations(page);
    await screenshot(page, 'calendar-feed-de', calendar);

    const skipped = `Mitgliedsbeitrag ${uniqueWord()}`;
    await deliverLetter(other, {
      recipientEmail: user.email,
      subject: skipped,
      pdf: await makePdf([['Beitrag']]),
    });
    const subject = `Police ${uniqueWord()}`;
    const pdf = await makePdf([['Ihre Police', subject]]);
    const letterId = await deliverLetter(chosen, {
      recipientEmail: user.email,
      subject,
      pdf,
      filename: 'police.pdf',
    });

    const forwarded = () =>
      readMailsTo(user.email).filter((mail) => mail.includes('Weiterleitung eingeschaltet'));
    await expect.poll(() => forwarded().length, { timeout: 15_000 }).toBe(1);
    const mail = forwarded()[0] ?? '';
    expect(mail).toContain(`/inbox/${letterId}`);
    expect(mail).toContain('Der Brief liegt dieser E-Mail als PDF bei.');
    expect(attachmentOf(mail, 'police.pdf')?.equals(Buffer.from(pdf))).toBe(true);
    expect(forwarded().some((candidate) => candidate.includes(skipped))).toBe(false);
  });
});
