import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, logIn, test } from './support/fixtures.ts';
import { waitForMailLink } from './support/mail.ts';
import { scanWithoutHover, screenshot } from './support/page-checks.ts';
import { portalApi } from './support/portal-api.ts';
import {
  NO_WEBHOOK,
  createProvider,
  deliverLetter,
  makePdf,
  uniqueWord,
} from './support/provider.ts';
import { deliverSignatureRequest, isoDay } from './support/signatures.ts';
import { createInvitedUser, type TestUser } from './support/users.ts';

interface Manifest {
  formatVersion: number;
  parts: number;
  counts: Record<string, number>;
  files: { path: string; part: number; size: number; sha256: string }[];
}

/** A letter, an invoice, a signature request, a folder, a contact and a case file with an item. */
async function seedMailbox(page: Page, user: TestUser): Promise<void> {
  const provider = await createProvider(`Stadtwerke ${uniqueWord()}`, NO_WEBHOOK);
  await deliverLetter(provider, {
    recipientEmail: user.email,
    subject: 'Willkommen bei den Stadtwerken',
    body: 'Hello',
    pdf: await makePdf([['Welcome']]),
  });
  await deliverLetter(provider, {
    recipientEmail: user.email,
    subject: 'Stromrechnung',
    body: 'Your invoice',
    kind: 'invoice',
    invoice: {
      amount: 4250,
      currency: 'EUR',
      due_date: isoDay(14),
      iban: 'DE89370400440532013000',
      reference: `RF-${uniqueWord().toUpperCase()}`,
    },
    pdf: await makePdf([['Invoice']]),
    filename: 'invoice.pdf',
  });
  await deliverSignatureRequest(provider, { recipientEmail: user.email, subject: 'Vertrag' });
  const api = await portalApi(page);
  await api.createFolder('Steuern');
  await api.createContact({ name: 'Erika Beispiel', email: 'erika@example.com' });
  const fileId = await api.createCaseFile('Umzug');
  await api.createCaseFileItem(fileId, 'Kündigung', isoDay(-3));
}

/** Downloads the ZIP, tests it with `unzip -t`, checks every file against the manifest. */
async function downloadAndCheck(page: Page, linkName: RegExp): Promise<Manifest> {
  const work = mkdtempSync(path.join(tmpdir(), 'kuvert-e2e-export-'));
  try {
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: linkName }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^kuvert-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = path.join(work, download.suggestedFilename());
    await download.saveAs(zip);
    execFileSync('unzip', ['-tq', zip]);
    const into = path.join(work, 'unpacked');
    execFileSync('unzip', ['-q', zip, '-d', into]);
    const manifest: Manifest = JSON.parse(readFileSync(path.join(into, 'manifest.json'), 'utf8'));
    expect(manifest.formatVersion).toBe(1);
    expect(manifest.files.length).toBeGreaterThan(0);
    for (const file of manifest.files) {
      const bytes = readFileSync(path.join(into, file.path));
      expect(bytes.length, file.path).toBe(file.size);
      expect(createHash('sha256').update(bytes).digest('hex'), file.path).toBe(file.sha256);
    }
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

test('download my data: ask, wait for "ready", download a ZIP that matches its manifest', async ({
  page,
  user,
}) => {
  test.setTimeout(180_000);
  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await seedMailbox(page, user);

  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Download my data' });
  await expect(section).toBeVisible();
  await section.getByRole('button', { name: 'Export my data' }).click();
  await expect(page.getByText('Your export is being made. We will e-mail you')).toBeVisible();
  await expect(section.getByText('Your export is ready')).toBeVisible({ timeout: 60_000 });
  await scanWithoutHover(page);
  await screenshot(page, 'data-export-ready', section);

  // The e-mail says so, and leads back to the profile.
  const link = await waitForMailLink(user.email, '/profile');
  expect(link).toMatch(/\/profile#data-export$/);

  const manifest = await downloadAndCheck(page, /Download the ZIP/);
  // Every kind the mailbox holds is counted and has its files.
  expect(manifest.counts).toMatchObject({
    profile: 1,
    letters: 3,
    invoices: 1,
    signature_requests: 1,
    folders: 1,
    contacts: 1,
    case_files: 1,
    case_file_items: 1,
  });
  expect(manifest.counts['documents']).toBeGreaterThanOrEqual(3);
  expect(manifest.counts['sessions']).toBeGreaterThanOrEqual(1);
  expect(manifest.counts['security_events']).toBeGreaterThanOrEqual(1);
  const paths = manifest.files.map((file) => file.path);
  for (const expected of [
    /^profile\/profile\.json$/,
    /^profile\/security-log\.json$/,
    /^letters\/.+\/inbox\/.+Stromrechnung.+\/document-1-invoice\.pdf$/,
    /^letters\/.+\/invoices\.json$/,
    /^signatures\/.+\/request\.json$/,
    /^contacts\/.+\/address-book\.vcf$/,
    /^contacts\/.+\/address-book\.csv$/,
    /^folders\/.+\/folders\.json$/,
    /^case-files\/.+Umzug.+\.json$/,
  ]) {
    expect(
      paths.some((candidate) => expected.test(candidate)),
      String(expected),
    ).toBe(true);
  }

  // Only this person can download it: logged out 401, someone else logged in 404.
  const href =
    (await section.getByRole('link', { name: /Download the ZIP/ }).getAttribute('href')) ?? '';
  const other = await createInvitedUser('Otto');
  await page.context().clearCookies();
  expect((await page.request.get(href)).status()).toBe(401);
  await logIn(page, other);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  expect((await page.request.get(href)).status()).toBe(404);
});

test('in German at phone width: the export, its progress and the download', async ({
  page,
  user,
}) => {
  test.setTimeout(180_000);
  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/profile') && response.request().method() === 'PATCH',
  );
  await page.getByRole('banner').getByLabel('Language').selectOption('de');
  expect((await saved).status()).toBe(200);
  await page.setViewportSize({ width: 390, height: 844 });
  await seedMailbox(page, user);

  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Meine Daten herunterladen' });
  await section.getByRole('button', { name: 'Meine Daten exportieren' }).click();
  await expect(section.getByText('Ihr Export ist fertig')).toBeVisible({ timeout: 60_000 });
  await scanWithoutHover(page);
  await screenshot(page, 'data-export-ready-de', section);
  // Nothing runs sideways off a phone's screen.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(overflow).toBe(false);
  const manifest = await downloadAndCheck(page, /ZIP herunterladen/);
  expect(manifest.counts['letters']).toBe(3);
  // The address book is written in the person's language.
  expect(manifest.files.some((file) => /^contacts\/.+\/adressbuch\.csv$/.test(file.path))).toBe(
    true,
  );

  // A new export may be asked for once the last is ready.
  await section.getByRole('button', { name: 'Neuen Export erstellen' }).click();
  await expect(section.getByText('Ihr Export ist fertig')).toBeVisible({ timeout: 60_000 });
});
