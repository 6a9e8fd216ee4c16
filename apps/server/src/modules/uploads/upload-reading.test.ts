import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '@kuvert/shared/events';
import {
  UPLOAD_TEXT_PREVIEW_CHARS,
  uploadTableSchema,
  type UploadDetail,
} from '@kuvert/shared/uploads';
import { pageCountLiePdf } from '@kuvert/test-fixtures/hostile-pdfs';
import { createLoggedInUser, type CreatedUser, type LoggedIn } from '../../test/factories.ts';
import { testEngines, type TestApp } from '../../test/helper.ts';
import { personalAccountOf } from '../../test/mailbox.ts';
import {
  createUploadReadingTestApp,
  findUploadRow,
  insertStoredUpload,
  readJobsOf,
} from '../../test/upload-fixtures-app.ts';
import {
  ADDRESS_ROWS,
  CONTRACT_LINES,
  embedImageClaiming,
  letterPhotoPng,
  PDF_WORD,
  PHOTO_WORD,
  pixelBombPng,
  scannedPdf,
  SHORT_GERMAN_LETTER,
  textPdf,
  utf16Csv,
  windows1252Csv,
} from '../../test/upload-fixtures.ts';
import { uploadFile } from '../../test/uploads.ts';
import { UPLOAD_READ_MAX_BYTES } from './upload-reading.ts';

const photo = letterPhotoPng();
/** A scan is read at 300 dpi: a short letter with the same word reads in half the time. */
const shortPhoto = letterPhotoPng(SHORT_GERMAN_LETTER, { width: 900 });

describe.each(testEngines)('reading uploads (%s)', (engine) => {
  let t: TestApp;
  let accountId: string;
  let userId: string;
  let user: CreatedUser & LoggedIn;
  const events: LiveEvent[] = [];

  beforeAll(async () => {
    t = await createUploadReadingTestApp(engine);
    user = await createLoggedInUser(t.app);
    accountId = personalAccountOf(user);
    userId = user.user.id;
    t.app.events.subscribe((event) => events.push(event));
  });

  afterAll(async () => {
    await t.close();
  });

  function upload(input: {
    name: string;
    contentType: Parameters<typeof insertStoredUpload>[1]['contentType'];
    bytes: Uint8Array;
    size?: number;
  }) {
    return insertStoredUpload(t.app, { accountId, userId, ...input });
  }

  function getAs(url: string) {
    return t.app.inject({ url, headers: { cookie: user.cookie } });
  }

  async function thumbnailOf(id: string) {
    const row = await findUploadRow(t.app, id);
    if (!row.thumbnail_key) return undefined;
    const bytes = await t.app.documents.read(row.thumbnail_key);
    return { type: row.thumbnail_type, metadata: await sharp(bytes).metadata() };
  }

  /** The statuses the upload's page saw, one per live event about it. */
  function announcementsOf(id: string): number {
    return events.filter((event) => event.type === 'uploads.changed' && event.upload_id === id)
      .length;
  }

  it('recognises the text of a photo, keeps a thumbnail, and says "recognising" first', async () => {
    const original = t.app.processing;
    const statusWhileRecognising: string[] = [];
    t.app.processing = {
      ...original,
      recognizeText: async (...args) => {
        statusWhileRecognising.push((await findUploadRow(t.app, id)).text_status);
        return original.recognizeText(...args);
      },
    };
    const id = await upload({ name: 'brief-foto.png', contentType: 'image/png', bytes: photo });

    try {
      await t.app.jobs.runDueJobs();
    } finally {
      t.app.processing = original;
    }

    expect(statusWhileRecognising).toEqual(['recognising']);
    const row = await findUploadRow(t.app, id);
    expect(row).toMatchObject({
      text_status: 'extracted',
      text_failure: null,
      text_source: 'ocr',
      page_count: null,
      thumbnail_type: 'image/webp',
    });
    expect(row.text).toContain(PHOTO_WORD);
    expect(row.text).toContain('Grüßen');
    expect((await thumbnailOf(id))?.metadata).toMatchObject({ format: 'webp', width: 400 });
    // Recognising, thumbnail, extracted.
    await vi.waitFor(() => expect(announcementsOf(id)).toBe(3));
  });

  it('keeps the text layer of a text PDF, with its page count and a thumbnail of page 1', async () => {
    const id = await upload({
      name: 'vertrag.pdf',
      contentType: 'application/pdf',
      bytes: await textPdf([CONTRACT_LINES, ['Seite 2']]),
    });

    await t.app.jobs.runDueJobs();

    const row = await findUploadRow(t.app, id);
    expect(row).toMatchObject({ text_status: 'extracted', text_source: 'pdf', page_count: 2 });
    expect(row.text).toContain(PDF_WORD);
    expect(row.text?.split('\f')[1]).toBe('Seite 2');
    expect((await thumbnailOf(id))?.metadata).toMatchObject({ width: 400, height: 566 });
  });

  it('reads a scanned PDF by OCR, through "reading" and "recognising"', async () => {
    const id = await upload({
      name: 'scan.pdf',
      contentType: 'application/pdf',
      bytes: await scannedPdf([shortPhoto]),
    });

    await t.app.jobs.runDueJobs();

    const row = await findUploadRow(t.app, id);
    expect(row).toMatchObject({ text_status: 'extracted', text_source: 'ocr', page_count: 1 });
    expect(row.text).toContain(PHOTO_WORD);
    expect(row.thumbnail_key).not.toBeNull();
    // Reading, thumbnail, recognising, extracted.
    await vi.waitFor(() => expect(announcementsOf(id)).toBe(4));
  });

  it('decodes CSVs in Windows-1252 and UTF-16 and keeps their encoding and delimiter', async () => {
    const german = await upload({
      name: 'adressen.csv',
      contentType: 'text/csv',
      bytes: windows1252Csv(),
    });
    const unicode = await upload({
      name: 'adressen-unicode.csv',
      contentType: 'text/csv',
      bytes: utf16Csv(),
    });

    await t.app.jobs.runDueJobs();

    const germanRow = await findUploadRow(t.app, german);
    expect(germanRow).toMatchObject({
      text_status: 'extracted',
      text_source: 'plain',
      encoding: 'windows-1252',
      delimiter: ';',
      thumbnail_key: null,
    });
    expect(germanRow.text).toContain('Özcan;Weiß;Gartenweg 3');
    expect(germanRow.text).toContain('12,50 €');
    expect(await findUploadRow(t.app, unicode)).toMatchObject({
      encoding: 'utf-16le',
      delimiter: '\t',
    });
  });

  it('keeps the delimiter and encoding judged on arrival: ; for German Excel, before and after reading', async () => {
    // adressen-windows1252.csv of the e2e tests: "12,50 €" in every row tempts a guess of `,`.
    const { id } = await uploadFile(t.app, user, {
      accountId,
      name: 'adressen.csv',
      bytes: windows1252Csv(),
    });
    const summary = async () => (await getAs(`/api/uploads/${id}`)).json();
    const table = async () =>
      uploadTableSchema.parse((await getAs(`/api/uploads/${id}/table`)).json());

    expect(await summary()).toMatchObject({
      text_status: 'pending',
      encoding: 'windows-1252',
      delimiter: ';',
    });
    expect(await table()).toMatchObject({
      encoding: 'windows-1252',
      delimiter: ';',
      rows: ADDRESS_ROWS,
    });

    await t.app.jobs.runDueJobs();

    expect(await summary()).toMatchObject({
      text_status: 'extracted',
      encoding: 'windows-1252',
      delimiter: ';',
    });
    expect(await table()).toMatchObject({
      encoding: 'windows-1252',
      delimiter: ';',
      rows: ADDRESS_ROWS,
    });
    // The user's choice still wins over what was judged.
    const asked = uploadTableSchema.parse(
      (await getAs(`/api/uploads/${id}/table?delimiter=%2C`)).json(),
    );
    expect(asked).toMatchObject({ encoding: 'windows-1252', delimiter: ',' });
    expect(asked.rows[0]).toEqual([ADDRESS_ROWS[0]?.join(';')]);
  });

  it('reads a CSV as stored on arrival, even where a fresh look would decide otherwise', async () => {
    const id = await upload({
      name: 'tabelle.csv',
      contentType: 'text/csv',
      bytes: Buffer.from('Größe|Preis\nXL|12,50 €\n', 'utf8'),
    });
    await t.app.db
      .updateTable('uploads')
      .set({ encoding: 'windows-1252', delimiter: '|' })
      .where('id', '=', id)
      .execute();

    await t.app.jobs.runDueJobs();

    const row = await findUploadRow(t.app, id);
    expect(row).toMatchObject({
      text_status: 'extracted',
      encoding: 'windows-1252',
      delimiter: '|',
    });
    expect(row.text).toBe(
      new TextDecoder('windows-1252').decode(Buffer.from('Größe|Preis\nXL|12,50 €\n')),
    );
  });

  it('decodes plain text without looking for a delimiter', async () => {
    const id = await upload({
      name: 'notiz.txt',
      contentType: 'text/plain',
      bytes: Buffer.from('Liebe Anna, vielen Dank; bis bald.\n', 'utf8'),
    });

    await t.app.jobs.runDueJobs();

    expect(await findUploadRow(t.app, id)).toMatchObject({
      text: 'Liebe Anna, vielen Dank; bis bald.\n',
      encoding: 'utf-8',
      delimiter: null,
    });
  });

  it('shows only the beginning of a long text on the upload page, and says so', async () => {
    const line = 'Zeile: Der Antrag wurde am Montag beim Bürgeramt eingereicht.\n';
    const id = await upload({
      name: 'protokoll.txt',
      contentType: 'text/plain',
      bytes: Buffer.from(line.repeat(3000), 'utf8'),
    });
    await t.app.jobs.runDueJobs();

    const detail = (await getAs(`/api/uploads/${id}`)).json<UploadDetail>();
    expect(detail.text?.length).toBe(UPLOAD_TEXT_PREVIEW_CHARS);
    expect(detail.text_truncated).toBe(true);
    expect((await findUploadRow(t.app, id)).text?.length).toBe(line.length * 3000);
  });

  it('fails a decompression bomb for good with the reason, and reads the next upload', async () => {
    const bomb = await upload({
      name: 'bomb.png',
      contentType: 'image/png',
      bytes: pixelBombPng(),
    });
    const next = await upload({
      name: 'vertrag.pdf',
      contentType: 'application/pdf',
      bytes: await textPdf([CONTRACT_LINES]),
    });

    await t.app.jobs.runDueJobs();

    expect(await findUploadRow(t.app, bomb)).toMatchObject({
      text_status: 'failed',
      text_failure: 'too_much_data',
      text: null,
      thumbnail_key: null,
    });
    const [job] = await readJobsOf(t.app, bomb);
    expect(job).toMatchObject({ status: 'failed', attempts: 1 });
    expect(job?.last_error).toContain('megapixels');
    expect(await findUploadRow(t.app, next)).toMatchObject({ text_status: 'extracted' });
  });

  it('keeps the thumbnail when the text fails, and the text when the thumbnail fails', async () => {
    const pageLie = await upload({
      name: 'lie.pdf',
      contentType: 'application/pdf',
      bytes: pageCountLiePdf(),
    });
    const imageBomb = await upload({
      name: 'hidden-bomb.pdf',
      contentType: 'application/pdf',
      bytes: await embedImageClaiming(await textPdf([CONTRACT_LINES]), 50_000, 50_000),
    });

    await t.app.jobs.runDueJobs();

    const lie = await findUploadRow(t.app, pageLie);
    expect(lie).toMatchObject({ text_status: 'failed', text_failure: 'too_many_pages' });
    expect(lie.thumbnail_key).not.toBeNull();
    const bomb = await findUploadRow(t.app, imageBomb);
    expect(bomb).toMatchObject({ text_status: 'extracted', thumbnail_key: null });
    expect(bomb.text).toContain(PDF_WORD);
  });

  it('does not read an upload larger than the pool may take', async () => {
    const id = await upload({
      name: 'archiv.pdf',
      contentType: 'application/pdf',
      bytes: await textPdf([CONTRACT_LINES]),
      size: UPLOAD_READ_MAX_BYTES + 1,
    });

    await t.app.jobs.runDueJobs();

    expect(await findUploadRow(t.app, id)).toMatchObject({
      text_status: 'failed',
      text_failure: 'too_large',
      thumbnail_key: null,
    });
  });

  it('skips an upload that was trashed or deleted before it was read', async () => {
    const trashed = await upload({
      name: 'weg.pdf',
      contentType: 'application/pdf',
      bytes: await textPdf([CONTRACT_LINES]),
    });
    const deleted = await upload({
      name: 'geloescht.pdf',
      contentType: 'application/pdf',
      bytes: await textPdf([['Gelöscht']]),
    });
    await t.app.db
      .updateTable('uploads')
      .set({ trashed_at: t.clock.now().toISOString() })
      .where('id', '=', trashed)
      .execute();
    await t.app.db.deleteFrom('uploads').where('id', '=', deleted).execute();

    await t.app.jobs.runDueJobs();

    expect(await findUploadRow(t.app, trashed)).toMatchObject({
      text_status: 'pending',
      text: null,
    });
    expect(await readJobsOf(t.app, deleted)).toMatchObject([{ status: 'done' }]);
  });
});
