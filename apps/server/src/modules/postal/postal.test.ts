import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument, PageSizes, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { printPdfPath } from '@kuvert/shared/outbox';
import { postalAddressLines, returnLine, type PostalAddressInput } from '@kuvert/shared/postal';
import { createLoggedInUser, type LoggedIn } from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { htmlPretendingToBePdf, millionPagesPdf } from '@kuvert/test-fixtures/hostile-pdfs';
import { personalAccountOf, samplePdf } from '../../test/mailbox.ts';
import { runAllJobs, writePostalLetter } from '../../test/postal.ts';
import {
  COLLECT_GRACE_SECONDS,
  collectUnreferencedDocuments,
} from '../../documents/document-collection.ts';
import { createBatchChannel } from './postal-channel.ts';

const SENDER_ADDRESS = {
  street: 'Hauptstraße 5',
  postcode: '10115',
  city: 'Berlin',
  country: 'DE',
} as const;

const ŁUKASZ: PostalAddressInput = {
  name: 'Łukasz Żółkiewski',
  organisation: 'Şükrü Öztürk GmbH',
  street: 'Büyükdere Caddesi 12',
  postcode: '34394',
  city: 'İstanbul',
  country: 'TR',
};

const GRETA: PostalAddressInput = {
  name: 'Greta Nilsson',
  street: 'Storgatan 1',
  postcode: '114 55',
  city: 'Stockholm',
  country: 'SE',
};

const pdfText = (file: string, ...args: string[]) =>
  execFileSync('pdftotext', [...args, '-layout', file, '-'], { encoding: 'utf8' });

const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && line !== '\f');

describe.each(testEngines)('printed letters (%s)', (engine) => {
  let t: TestApp;
  let sender: LoggedIn & { user: { id: string } };
  let accountId: string;

  beforeEach(async () => {
    t = await createTestApp(engine);
    sender = await createLoggedInUser(t.app, { firstName: 'Zoë', lastName: 'Ångström' });
    accountId = personalAccountOf(sender);
    const saved = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: sender.headers,
      payload: { address: SENDER_ADDRESS },
    });
    if (saved.statusCode !== 200) throw new Error(`address not saved: ${saved.body}`);
  });
  afterEach(async () => t.close());

  const recipientRow = (id: string) =>
    t.app.db
      .selectFrom('letter_recipients')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const letterStatus = async (id: string) =>
    (
      await t.app.db
        .selectFrom('letters')
        .select(['delivery_status', 'delivery_failure_reason'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).delivery_status;

  async function downloadPrintPdf(letterId: string, recipientId: string, as = sender) {
    return t.app.inject({ url: printPdfPath(letterId, recipientId), headers: as.headers });
  }

  async function savedPdf(letterId: string, recipientId: string): Promise<string> {
    const response = await downloadPrintPdf(letterId, recipientId);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const file = path.join(t.config.dataDir, `${recipientId}.pdf`);
    writeFileSync(file, response.rawPayload);
    return file;
  }

  it('prints the return line and the address, and nothing else, in the window', async () => {
    const letter = await writePostalLetter(t.app, {
      accountId,
      userId: sender.user.id,
      subject: 'Kündigung Vertrag 4711',
      body: 'Sehr geehrter Herr Żółkiewski,\n\nhiermit kündige ich. Здравствуйте, Ελένη!\n\nZoë',
      recipients: [ŁUKASZ],
    });
    const [recipientId = ''] = letter.recipientIds;
    await runAllJobs(t.app);

    const row = await recipientRow(recipientId);
    expect(row).toMatchObject({ status: 'queued', print_page_count: 1, failure_reason: null });
    expect(row.print_storage_key).toMatch(/^[0-9a-f]{64}$/);
    expect(row.print_batch_id).not.toBeNull();
    expect(await letterStatus(letter.letterId)).toBe('queued');

    const file = await savedPdf(letter.letterId, recipientId);
    const window = pdfText(file, '-x', '57', '-y', '128', '-W', '241', '-H', '128');
    const expected = [
      returnLine('Zoë Ångström', SENDER_ADDRESS),
      ...postalAddressLines(
        { ...ŁUKASZ, organisation: ŁUKASZ.organisation ?? '' },
        { country: 'DE', language: 'en' },
      ),
    ];
    expect(linesOf(window)).toEqual(expected);
    expect(expected).toEqual([
      'Zoë Ångström · Hauptstraße 5 · 10115 Berlin',
      'Şükrü Öztürk GmbH',
      'Łukasz Żółkiewski',
      'Büyükdere Caddesi 12',
      '34394 İstanbul',
      expect.stringMatching(/^T[UÜ]RK/),
    ]);

    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    expect(info).toMatch(/Page size:\s+595\.2\d* x 841\.89 pts \(A4\)/);
    expect(info).toMatch(/Pages:\s+1\n/);
    const text = pdfText(file);
    for (const words of [
      'Łukasz Żółkiewski',
      'Şükrü Öztürk GmbH',
      'Kündigung Vertrag 4711',
      'Здравствуйте, Ελένη!',
      'Zoë Ångström',
    ]) {
      expect(text).toContain(words);
    }
    // The fonts travel with the file (subset), so any printer shows the same glyphs.
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' });
    expect(fonts).toMatch(/[A-Z]{6}\+DejaVuSans\s+CID TrueType\s+Identity-H\s+yes yes/);

    // Only members of the sending account may open it.
    const stranger = await createLoggedInUser(t.app);
    expect((await downloadPrintPdf(letter.letterId, recipientId, stranger)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: printPdfPath(letter.letterId, recipientId) })).statusCode,
    ).toBe(401);
  });

  it('breaks a long letter over numbered pages and appends PDFs and images on A4', async () => {
    const paragraphs = Array.from(
      { length: 40 },
      (_, index) => `Absatz ${index + 1}: Zażółć gęślą jaźń, şu çığ üşüdü, and so on for a while.`,
    );
    const letterSized = await PDFDocument.create();
    const page = letterSized.addPage(PageSizes.Letter);
    page.drawText('US letter page', { font: await letterSized.embedFont(StandardFonts.Helvetica) });
    const png = await sharp({
      create: { width: 400, height: 300, channels: 3, background: '#3366aa' },
    })
      .png()
      .toBuffer();
    const jpeg = await sharp({
      create: { width: 3000, height: 2000, channels: 3, background: '#aa6633' },
    })
      .jpeg()
      .toBuffer();
    const letter = await writePostalLetter(t.app, {
      accountId,
      userId: sender.user.id,
      body: paragraphs.join('\n\n'),
      recipients: [GRETA],
      attachments: [
        {
          filename: 'invoice.pdf',
          contentType: 'application/pdf',
          bytes: await samplePdf('Rechnung 42'),
        },
        {
          filename: 'us.pdf',
          contentType: 'application/pdf',
          bytes: Buffer.from(await letterSized.save()),
        },
        { filename: 'photo.png', contentType: 'image/png', bytes: png },
        { filename: 'scan.jpg', contentType: 'image/jpeg', bytes: jpeg },
      ],
    });
    const [recipientId = ''] = letter.recipientIds;
    await runAllJobs(t.app);
    const row = await recipientRow(recipientId);
    expect(row.failure_reason).toBeNull();
    const file = await savedPdf(letter.letterId, recipientId);
    const info = execFileSync('pdfinfo', ['-f', '1', '-l', '99', file], { encoding: 'utf8' });
    const pageCount = row.print_page_count ?? 0;
    const letterPages = pageCount - 4;
    expect(letterPages).toBeGreaterThanOrEqual(2);
    expect(info).toMatch(new RegExp(`Pages:\\s+${row.print_page_count}\\n`));
    // Every page A4, the US letter page scaled onto it.
    const sizes = [...info.matchAll(/Page +\d+ size:\s+([\d.]+ x [\d.]+)/g)].map(
      (match) => match[1],
    );
    expect(sizes).toHaveLength(pageCount);
    expect(new Set(sizes)).toEqual(new Set(['595.276 x 841.89']));
    const text = pdfText(file);
    // To Sweden, printed in Swedish (auto: by the recipient's country).
    expect(text).toContain(`Sida 2 av ${letterPages}`);
    expect(text).toContain('Absatz 40');
    expect(text).toContain('Rechnung 42');
    expect(text).toContain('US letter page');
    // Following pages keep the window empty of the address; the first page has it.
    expect(
      linesOf(
        pdfText(file, '-f', '1', '-l', '1', '-x', '57', '-y', '128', '-W', '241', '-H', '128'),
      ),
    ).toEqual([
      returnLine('Zoë Ångström', SENDER_ADDRESS),
      'Greta Nilsson',
      'Storgatan 1',
      '114 55 Stockholm',
      'SWEDEN',
    ]);
  });

  it('puts an address cover page before a document sent without a body', async () => {
    const letter = await writePostalLetter(t.app, {
      accountId,
      userId: sender.user.id,
      subject: 'Ihre Unterlagen',
      body: '',
      recipients: [ŁUKASZ],
      attachments: [
        {
          filename: 'merge.pdf',
          contentType: 'application/pdf',
          bytes: await samplePdf('Serienbrief'),
        },
      ],
    });
    await runAllJobs(t.app);
    const [recipientId = ''] = letter.recipientIds;
    expect((await recipientRow(recipientId)).print_page_count).toBe(2);
    const file = await savedPdf(letter.letterId, recipientId);
    expect(pdfText(file, '-f', '1', '-l', '1')).toContain('Łukasz Żółkiewski');
    expect(pdfText(file, '-f', '2', '-l', '2')).toContain('Serienbrief');
  });

  it('fails a recipient whose attachment cannot be printed, and goes on with the next', async () => {
    const encrypted = path.join(t.config.dataDir, 'encrypted.pdf');
    const plain = path.join(t.config.dataDir, 'plain.pdf');
    writeFileSync(plain, await samplePdf('secret'));
    execFileSync('qpdf', ['--encrypt', 'user', 'owner', '256', '--', plain, encrypted]);
    const locked = await writePostalLetter(t.app, {
      accountId,
      userId: sender.user.id,
      recipients: [GRETA],
      attachments: [
        { filename: 'locked.pdf', contentType: 'application/pdf', bytes: readFileSync(encrypted) },
      ],
    });
    const broken = await writePostalLetter(t.app, {
      accountId,
      userId: sender.user.id,
      recipients: [GRETA],
      attachments: [
        { filename: 'page.pdf', contentType: 'application/pdf', bytes: htmlPretendingToBePdf() },
      ],
    });
    const endless = await writePostalLetter(t.app, {
      accountId,
      userId: sender.user.id,
      recipients: [GRETA],
      attachments: [
        { filename: 'endless.pdf', contentType: 'application/pdf', bytes: millionPagesPdf() },
      ],
    });
    const fine = await writePostalLetter(t.app, {
      accountId,
      userId: sender.user.id,
      recipients: [ŁUKASZ],
    });
    const publish = vi.spyOn(t.app.events, 'publish');
    await runAllJobs(t.app);

    const lockedRow = await recipientRow(locked.recipientIds[0] ?? '');
    expect(lockedRow).toMatchObject({ status: 'failed', print_storage_key: null });
    expect(lockedRow.failure_reason).toBe(
      'An attachment could not be printed: locked.pdf is encrypted and cannot be printed.',
    );
    expect(await letterStatus(locked.letterId)).toBe('failed');
    expect((await recipientRow(broken.recipientIds[0] ?? '')).failure_reason).toBe(
      'An attachment could not be printed: page.pdf is not a PDF that can be printed.',
    );
    expect((await recipientRow(endless.recipientIds[0] ?? '')).failure_reason).toMatch(
      /^The letter is too long to print: endless\.pdf has more than \d+ pages\.$/,
    );
    expect((await recipientRow(fine.recipientIds[0] ?? '')).print_storage_key).not.toBeNull();
    expect(publish).toHaveBeenCalledWith({ type: 'letters.changed', account_id: accountId });
    const jobs = await t.app.db.selectFrom('jobs').select(['type', 'status']).execute();
    expect(jobs.filter((job) => job.type === 'postal.render').map((job) => job.status)).toEqual([
      'done',
      'done',
      'done',
      'done',
    ]);
  });

  it('fails a letter whose sender has no postal address', async () => {
    await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: sender.headers,
      payload: { address: null },
    });
    const letter = await writePostalLetter(t.app, {
      accountId,
      userId: sender.user.id,
      recipients: [GRETA],
    });
    await runAllJobs(t.app);
    expect((await recipientRow(letter.recipientIds[0] ?? '')).failure_reason).toMatch(
      /no postal address/,
    );
  });

  it('collects every rendered letter in the one open batch, even handed over in parallel', async () => {
    const letter = await writePostalLetter(t.app, {
      accountId,
      userId: sender.user.id,
      recipients: Array.from({ length: 12 }, (_, index) => ({ ...GRETA, name: `Person ${index}` })),
    });
    const channel = createBatchChannel(t.app.engine);
    const now = t.app.clock.now().toISOString();
    await Promise.all(
      letter.recipientIds.map((id) =>
        t.app.db
          .transaction()
          .execute((trx) =>
            channel.submit(
              trx,
              { id, letterId: letter.letterId, storageKey: 'x', pageCount: 1 },
              now,
            ),
          ),
      ),
    );
    const batches = await t.app.db.selectFrom('print_batches').selectAll().execute();
    expect(batches).toHaveLength(1);
    expect(batches[0]?.status).toBe('open');
    const rows = await t.app.db
      .selectFrom('letter_recipients')
      .select('print_batch_id')
      .where('letter_id', '=', letter.letterId)
      .execute();
    expect(new Set(rows.map((row) => row.print_batch_id))).toEqual(new Set([batches[0]?.id]));
  });

  it('keeps print PDFs when documents are collected', async () => {
    const letter = await writePostalLetter(t.app, {
      accountId,
      userId: sender.user.id,
      recipients: [GRETA],
    });
    await runAllJobs(t.app);
    const key = (await recipientRow(letter.recipientIds[0] ?? '')).print_storage_key ?? '';
    const unreferenced = (await t.app.documents.put(Buffer.from('nobody'), { maxBytes: 100 })).key;
    t.clock.advanceSeconds(COLLECT_GRACE_SECONDS + 3600);
    await collectUnreferencedDocuments(t.app, [key, unreferenced]);
    expect(await t.app.documents.exists(key)).toBe(true);
    expect(await t.app.documents.exists(unreferenced)).toBe(false);
  });
});
