import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  MAIL_MERGE_MAX_CSV_BYTES,
  MAIL_MERGE_MAX_ROWS,
  mailMergeCsvInspectionSchema,
  mailMergePreviewSchema,
  mailMergeRowPageSchema,
  mailMergeSchema,
  type MailMergeDefinition,
} from '@kuvert/shared/mail-merge';
import { createLoggedInUser, type LoggedIn } from '../../test/factories.ts';
import { testEngines, type TestApp } from '../../test/helper.ts';
import { addMember, createSharedAccount, samplePdf } from '../../test/mailbox.ts';
import { createUploadReadingTestApp, insertStoredUpload } from '../../test/upload-fixtures-app.ts';
import { windows1252 } from '../../test/upload-fixtures.ts';
import { storeUpload } from '../../test/uploads.ts';
import { MAIL_MERGE_SEND_JOB } from './mail-merge-job-types.ts';

type User = LoggedIn & { user: { id: string; email: string } };

const HEADER = ['Vorname', 'Nachname', 'Straße', 'PLZ', 'Ort', 'Land', 'E-Mail', 'Betrag'];

/** `;`-separated CRLF text, quoting what needs it. */
function csv(rows: string[][], delimiter = ';'): string {
  const quote = (value: string) =>
    value.includes(delimiter) || /["\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
  return rows.map((row) => row.map(quote).join(delimiter)).join('\r\n') + '\r\n';
}

describe.each(testEngines)('mail merge (%s)', (engine) => {
  let t: TestApp;
  let owner: User;
  let viewer: User;
  let stranger: User;
  let kuvertFriend: User;
  let accountId: string;

  beforeAll(async () => {
    t = await createUploadReadingTestApp(engine);
    owner = await createLoggedInUser(t.app);
    viewer = await createLoggedInUser(t.app);
    stranger = await createLoggedInUser(t.app);
    kuvertFriend = await createLoggedInUser(t.app);
    accountId = await createSharedAccount(t.app, owner.user.id);
    await addMember(t.app, accountId, viewer.user.id, 'viewer');
    await t.app.db
      .updateTable('users')
      .set({
        address_street: 'Lindenallee 4',
        address_postcode: '10115',
        address_city: 'Berlin',
        address_country: 'DE',
      })
      .where('id', '=', owner.user.id)
      .execute();
  });

  afterAll(async () => {
    await t.close();
  });

  function upload(
    name: string,
    bytes: Uint8Array,
    contentType: 'text/csv' | 'application/pdf' = 'text/csv',
    size?: number,
  ) {
    return insertStoredUpload(t.app, {
      accountId,
      userId: owner.user.id,
      name,
      contentType,
      bytes,
      size,
    });
  }

  function post(url: string, as: LoggedIn, payload: object) {
    return t.app.inject({ method: 'POST', url, headers: as.headers, payload });
  }

  function get(url: string, as: LoggedIn) {
    return t.app.inject({ method: 'GET', url, headers: { cookie: as.cookie } });
  }

  function inspectRequest(uploadId: string, extra: object = {}) {
    return post('/api/mail-merges/inspect', owner, {
      account_id: accountId,
      upload_id: uploadId,
      ...extra,
    });
  }

  async function inspect(uploadId: string, extra: object = {}) {
    const response = await inspectRequest(uploadId, extra);
    expect(response.statusCode).toBe(200);
    return mailMergeCsvInspectionSchema.parse(response.json());
  }

  function definition(
    uploadId: string,
    overrides: Partial<MailMergeDefinition> = {},
  ): MailMergeDefinition {
    return {
      account_id: accountId,
      csv: { upload_id: uploadId, encoding: 'windows-1252', delimiter: ';' },
      source: {
        kind: 'template',
        subject: 'Ihre Rechnung über {{Betrag}}',
        body: 'Hallo {{ Vorname }},\n\nbitte überweisen Sie {{Betrag}}.',
      },
      mapping: {
        fields: { name: 0, street: 2, postcode: 3, city: 4, country: 5, email: 6 },
        placeholders: { Betrag: 7, Vorname: 0 },
        default_country: 'DE',
      },
      ...overrides,
    };
  }

  it('reads UTF-8 with a BOM, UTF-16LE with a BOM and tabs, and Windows-1252 with ; and a quoted CRLF', async () => {
    const rows = [
      ['Name', 'Straße', 'Ort'],
      ['Jürgen Müller', 'Hauptstraße 1\r\nHinterhaus', 'Köln'],
      ['Özcan Weiß', 'Gartenweg 3', 'München'],
    ];
    const utf8 = await upload(
      'utf8.csv',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv(rows, ','), 'utf8')]),
    );
    const utf16 = await upload(
      'unicode.csv',
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csv(rows, '\t'), 'utf16le')]),
    );
    const excel = await upload('excel.csv', windows1252(csv(rows, ';')));

    expect(await inspect(utf8)).toMatchObject({
      detected_encoding: 'utf-8',
      detected_delimiter: ',',
      columns: ['Name', 'Straße', 'Ort'],
      row_count: 2,
      sample_rows: rows.slice(1),
    });
    expect(await inspect(utf16)).toMatchObject({
      detected_encoding: 'utf-16le',
      detected_delimiter: '\t',
      sample_rows: rows.slice(1),
    });
    expect(await inspect(excel)).toMatchObject({
      detected_encoding: 'windows-1252',
      detected_delimiter: ';',
      columns: ['Name', 'Straße', 'Ort'],
      sample_rows: rows.slice(1),
    });
    // The person's choice wins, and the detection is still shown.
    const overridden = await inspect(excel, { encoding: 'utf-8', delimiter: ',' });
    expect(overridden).toMatchObject({
      detected_encoding: 'windows-1252',
      detected_delimiter: ';',
      encoding: 'utf-8',
      delimiter: ',',
    });
    expect(overridden.columns).toEqual(['Name;Stra\uFFFDe;Ort']);
  });

  it('says what is wrong with an empty CSV, a header alone, too many rows, a huge file and a PDF', async () => {
    const empty = await inspectRequest(await upload('leer.csv', Buffer.from('\r\n\r\n')));
    expect(empty.statusCode).toBe(422);
    expect(empty.json().code).toBe('CSV_EMPTY');

    const headerOnly = await inspectRequest(
      await upload('kopf.csv', Buffer.from('Name;PLZ;Ort\r\n')),
    );
    expect(headerOnly.statusCode).toBe(422);
    expect(headerOnly.json().code).toBe('CSV_NO_ROWS');

    const many = Array.from({ length: MAIL_MERGE_MAX_ROWS + 1 }, (_, index) => [
      `Person ${index}`,
      '10115',
    ]);
    const tooMany = await inspectRequest(
      await upload('viele.csv', Buffer.from(csv([['Name', 'PLZ'], ...many]))),
    );
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().message).toContain('20,000');

    const huge = await inspectRequest(
      await upload('riesig.csv', Buffer.from('Name;PLZ\r\nA;1\r\n'), 'text/csv', 50 * 1024 * 1024),
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toContain(`${MAIL_MERGE_MAX_CSV_BYTES / 1024 / 1024} MB`);

    const pdf = await inspectRequest(
      await upload('brief.pdf', await samplePdf(), 'application/pdf'),
    );
    expect(pdf.statusCode).toBe(415);
  });

  it('previews: an unclosed {{ is named by line and column, unmapped placeholders and row problems are listed', async () => {
    const rows = [
      HEADER,
      ['Jürgen Müller', '', 'Hauptstraße 1', '50667', 'Köln', '', '', '12,50 €'],
      ['Anna Schäfer', '', 'Am Bach 5', '', 'Hamburg', '', '', '7,00 €'],
      ['Lars Berg', '', 'Storgatan 1', '1234', 'Stockholm', 'Schweden', '', '3,00 €'],
      [
        'Maximilian Alexander von Hohenzollern-Sigmaringen-Wittelsbach',
        'Freiherr',
        'Hauptstraße 1',
        '80331',
        'München',
        '',
        '',
        '1 €',
      ],
      ['Nobody Known', '', '', '', '', '', 'nobody@example.org', '2 €'],
      ['Friend', '', '', '', '', '', kuvertFriend.user.email.toUpperCase(), '5 €'],
      ['Eva Ring', '', 'Ring 2', '50667', 'Köln', '', 'eva@example.org', '4 €'],
    ];
    const id = await upload('vorschau.csv', windows1252(csv(rows)));

    const invalid = await post(
      '/api/mail-merges/preview',
      owner,
      definition(id, {
        source: { kind: 'template', subject: 'Rechnung', body: 'Hallo,\n\nSie schulden {{Betrag' },
      }),
    );
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toMatchObject({
      code: 'TEMPLATE_INVALID',
      details: [{ path: 'source.body', line: 3, column: 14 }],
    });

    const response = await post(
      '/api/mail-merges/preview',
      owner,
      definition(id, {
        mapping: {
          fields: {
            name: 0,
            organisation: 1,
            street: 2,
            postcode: 3,
            city: 4,
            country: 5,
            email: 6,
          },
          placeholders: { betrag: 7 },
          default_country: 'DE',
        },
      }),
    );
    expect(response.statusCode).toBe(200);
    const preview = mailMergePreviewSchema.parse(response.json());
    expect(preview.placeholders).toEqual(['Betrag', 'Vorname']);
    expect(preview.unmapped_placeholders).toEqual(['Vorname']);
    const [good, noPostcode, swedish, tooWide, unknown] = preview.rows;
    expect(good).toMatchObject({
      row: 1,
      delivery: 'postal',
      address_lines: ['Jürgen Müller', 'Hauptstraße 1', '50667 Köln'],
      subject: 'Ihre Rechnung über 12,50 €',
      body: 'Hallo {{Vorname}},\n\nbitte überweisen Sie 12,50 €.',
      problems: [],
    });
    expect(noPostcode?.delivery).toBeNull();
    expect(noPostcode?.problems).toMatchObject([
      { path: 'postcode', i18n: 'mailMerge.problems.postcode' },
    ]);
    expect(swedish?.problems).toMatchObject([
      { path: 'postcode', i18n: 'mailMerge.problems.postcodeFormat', values: { country: 'SE' } },
    ]);
    expect(tooWide?.problems).toMatchObject([
      { path: 'address', i18n: 'mailMerge.problems.tooWide' },
    ]);
    expect(unknown?.problems).toMatchObject([
      {
        path: 'email',
        i18n: 'mailMerge.problems.needsPostal',
        values: { email: 'nobody@example.org' },
      },
    ]);
    // Only the first rows are shown.
    expect(preview.rows).toHaveLength(5);
    // Every row is counted for the confirmation, the friend with an account like anybody else.
    expect(preview.counts).toEqual({
      rows: 7,
      postal: 1,
      kuvert_or_postal: 1,
      kuvert_only: 2,
      problems: 3,
    });
  });

  it('sends 50 rows in the background: letters by post and to Kuvert, one bad row in the failed-rows CSV', async () => {
    const rows = [HEADER];
    // Most go to a Kuvert inbox; every tenth by post (each is rendered for print, which is slow).
    for (let index = 1; index <= 49; index += 1) {
      rows.push(
        index % 10 === 0
          ? [`Person ${index}`, '', `Weg ${index}`, '50667', 'Köln', '', '', `${index},00 €`]
          : [`Person ${index}`, '', '', '', '', '', kuvertFriend.user.email, `${index},00 €`],
      );
    }
    rows.splice(20, 0, ['Ohne PLZ', '', 'Irgendwo 1', '', 'Köln', '', '', '1,00 €']);
    rows.push(['Friend', '', '', '', '', '', kuvertFriend.user.email, '9,99 €']);
    const id = await upload('serienbrief.csv', windows1252(csv(rows)));

    const viewerTry = await post('/api/mail-merges', viewer, definition(id));
    expect(viewerTry.statusCode).toBe(403);
    const strangerTry = await post('/api/mail-merges', stranger, definition(id));
    expect(strangerTry.statusCode).toBe(404);
    const unmapped = await post(
      '/api/mail-merges',
      owner,
      definition(id, {
        mapping: {
          fields: { name: 0, street: 2, postcode: 3, city: 4 },
          placeholders: {},
          default_country: 'DE',
        },
      }),
    );
    expect(unmapped.statusCode).toBe(400);
    expect(unmapped.json().details).toMatchObject([{ path: 'mapping.placeholders' }]);

    const started = await post('/api/mail-merges', owner, definition(id));
    expect(started.statusCode).toBe(202);
    const merge = mailMergeSchema.parse(started.json());
    expect(merge).toMatchObject({ status: 'running', total_rows: 51, processed_rows: 0 });
    const listed = await get(`/api/mail-merges?account_id=${accountId}`, viewer);
    expect(listed.json().items[0]).toMatchObject({ id: merge.id, status: 'running' });

    await t.app.jobs.runDueJobs();

    const done = mailMergeSchema.parse((await get(`/api/mail-merges/${merge.id}`, viewer)).json());
    expect(done).toMatchObject({
      status: 'done',
      processed_rows: 51,
      sent_rows: 50,
      failed_rows: 1,
    });
    const letters = await t.app.db
      .selectFrom('letters')
      .select(['id', 'subject', 'body', 'direction', 'account_id'])
      .where('mail_merge_id', '=', merge.id)
      .execute();
    expect(letters).toHaveLength(50);
    expect(letters.every((letter) => letter.direction === 'outbound')).toBe(true);
    expect(letters.map((letter) => letter.subject)).toContain('Ihre Rechnung über 9,99 €');
    const copy = await t.app.db
      .selectFrom('letters')
      .select(['subject', 'sender_name'])
      .where('recipient_email', '=', kuvertFriend.user.email)
      .where('direction', '=', 'inbound')
      .where('subject', '=', 'Ihre Rechnung über 9,99 €')
      .executeTakeFirst();
    expect(copy?.subject).toBe('Ihre Rechnung über 9,99 €');
    const postal = await t.app.db
      .selectFrom('letter_recipients as r')
      .innerJoin('letters as l', 'l.id', 'r.letter_id')
      .select(['r.status'])
      .where('l.mail_merge_id', '=', merge.id)
      .where('r.channel', '=', 'postal')
      .execute();
    expect(postal).toHaveLength(4);
    expect(postal.every((recipient) => recipient.status === 'queued')).toBe(true);
    expect(done.deliveries).toEqual({ delivered: 46, queued: 4, printed: 0, sent: 0, failed: 0 });

    // A printed letter is "queued" until the operator prints it, never simply "sent".
    const row10 = async () =>
      mailMergeRowPageSchema
        .parse((await get(`/api/mail-merges/${merge.id}/rows?limit=12`, owner)).json())
        .items.find((item) => item.row === 10);
    expect(await row10()).toMatchObject({
      status: 'sent',
      channel: 'postal',
      delivery_status: 'queued',
    });
    const row1 = mailMergeRowPageSchema
      .parse((await get(`/api/mail-merges/${merge.id}/rows?limit=1`, owner)).json())
      .items.at(0);
    expect(row1).toMatchObject({ channel: 'kuvert', delivery_status: 'delivered' });
    const letterOfRow10 = (await row10())?.letter_id ?? '';
    await t.app.db
      .updateTable('letter_recipients')
      .set({ status: 'printed' })
      .where('letter_id', '=', letterOfRow10)
      .execute();
    expect(await row10()).toMatchObject({ delivery_status: 'printed' });
    const listedAfter = mailMergeSchema.parse(
      (await get(`/api/mail-merges?account_id=${accountId}`, owner)).json().items[0],
    );
    expect(listedAfter.deliveries).toMatchObject({ queued: 3, printed: 1, delivered: 46 });

    const failedPage = mailMergeRowPageSchema.parse(
      (await get(`/api/mail-merges/${merge.id}/rows?status=failed`, owner)).json(),
    );
    expect(failedPage.items).toMatchObject([
      { row: 20, status: 'failed', recipient_name: 'Ohne PLZ', letter_id: null },
    ]);
    const firstPage = mailMergeRowPageSchema.parse(
      (await get(`/api/mail-merges/${merge.id}/rows?limit=30`, owner)).json(),
    );
    expect(firstPage.items).toHaveLength(30);
    const secondPage = mailMergeRowPageSchema.parse(
      (
        await get(
          `/api/mail-merges/${merge.id}/rows?limit=30&cursor=${firstPage.next_cursor}`,
          owner,
        )
      ).json(),
    );
    expect(secondPage.items.map((row) => row.row)).toEqual(
      Array.from({ length: 21 }, (_, index) => index + 31),
    );
    expect(secondPage.next_cursor).toBeNull();

    const download = await get(`/api/mail-merges/${merge.id}/failed-rows.csv`, viewer);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('text/csv');
    expect(download.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = download.body.replace('\uFEFF', '').trimEnd().split('\r\n');
    expect(lines).toEqual([
      `${HEADER.join(';')};Reason`,
      'Ohne PLZ;;Irgendwo 1;;Köln;;;1,00 €;The postal address has no postcode.',
    ]);
    expect((await get(`/api/mail-merges/${merge.id}/failed-rows.csv`, stranger)).statusCode).toBe(
      404,
    );
    expect((await get(`/api/mail-merges/${merge.id}`, stranger)).statusCode).toBe(404);
  });

  it('keeps a CSV uploaded for the merge out of the uploads list and search, and reads it', async () => {
    const bytes = Buffer.from(
      csv([
        ['Name', 'Straße', 'PLZ', 'Ort'],
        ['Ulla Unsichtbar', 'Hauptstraße 1', '50667', 'Köln'],
      ]),
    );
    const hidden = await storeUpload(t.app, owner, {
      accountId,
      name: 'nur-fuer-serienbrief.csv',
      bytes,
      purpose: 'mail_merge',
    });
    const listed = await storeUpload(t.app, owner, {
      accountId,
      name: 'in-den-uploads.csv',
      bytes,
    });
    const list = await get(`/api/uploads?account_id=${accountId}&kind=table&limit=100`, owner);
    expect(list.statusCode).toBe(200);
    const ids = z
      .object({ uploads: z.array(z.object({ id: z.string() })) })
      .parse(list.json())
      .uploads.map((item) => item.id);
    expect(ids).toContain(listed);
    expect(ids).not.toContain(hidden);
    const inspection = await inspect(hidden, { encoding: 'utf-8', delimiter: ';' });
    expect(inspection.columns).toEqual(['Name', 'Straße', 'PLZ', 'Ort']);
    expect(inspection.row_count).toBe(1);
  });

  it('continues a merge whose process died mid-way without writing a letter twice', async () => {
    const rows = [HEADER];
    for (let index = 1; index <= 40; index += 1) {
      rows.push([`Person ${index}`, '', '', '', '', '', kuvertFriend.user.email, '1 €']);
    }
    const id = await upload('neustart.csv', windows1252(csv(rows)));
    const merge = mailMergeSchema.parse(
      (await post('/api/mail-merges', owner, definition(id))).json(),
    );
    await t.app.jobs.runDueJobs();

    // As if the process had stopped after the rows up to 25 were committed.
    const later = await t.app.db
      .selectFrom('mail_merge_rows')
      .select('letter_id')
      .where('mail_merge_id', '=', merge.id)
      .where('row_number', '>', 25)
      .execute();
    const laterLetters = later.flatMap((row) => (row.letter_id ? [row.letter_id] : []));
    await t.app.db.deleteFrom('letters').where('id', 'in', laterLetters).execute();
    await t.app.db
      .deleteFrom('mail_merge_rows')
      .where('mail_merge_id', '=', merge.id)
      .where('row_number', '>', 25)
      .execute();
    await t.app.db
      .updateTable('mail_merges')
      .set({
        status: 'running',
        processed_rows: 25,
        sent_rows: 25,
        failed_rows: 0,
        finished_at: null,
      })
      .where('id', '=', merge.id)
      .execute();
    await t.app.jobs.enqueue(t.app.db, {
      type: MAIL_MERGE_SEND_JOB,
      payload: { mail_merge_id: merge.id },
    });

    await t.app.jobs.runDueJobs();

    const done = mailMergeSchema.parse((await get(`/api/mail-merges/${merge.id}`, owner)).json());
    expect(done).toMatchObject({
      status: 'done',
      processed_rows: 40,
      sent_rows: 40,
      failed_rows: 0,
    });
    const letters = await t.app.db
      .selectFrom('letters')
      .select('subject')
      .where('mail_merge_id', '=', merge.id)
      .execute();
    expect(letters).toHaveLength(40);
  });

  it('refuses to start when a row goes by post and the sender has no postal address', async () => {
    const member = await createLoggedInUser(t.app);
    await addMember(t.app, accountId, member.user.id, 'member');
    const id = await upload(
      'post.csv',
      windows1252(csv([HEADER, ['Jürgen', '', 'Weg 1', '10115', 'Berlin', '', '', '1 €']])),
    );

    const response = await post('/api/mail-merges', member, definition(id));

    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('SENDER_ADDRESS_MISSING');
  });

  it('sends an uploaded PDF to every row as its letter', async () => {
    const pdf = await upload(
      'rundschreiben.pdf',
      await samplePdf('Rundschreiben'),
      'application/pdf',
    );
    const id = await upload(
      'pdf-empfaenger.csv',
      windows1252(csv([HEADER, ['Jürgen', '', 'Weg 1', '10115', 'Berlin', '', '', '1 €']])),
    );
    const started = await post(
      '/api/mail-merges',
      owner,
      definition(id, {
        source: { kind: 'document', upload_id: pdf, subject: 'Rundschreiben {{Betrag}}', body: '' },
      }),
    );
    expect(started.statusCode).toBe(202);
    await t.app.jobs.runDueJobs();

    const letter = await t.app.db
      .selectFrom('letters as l')
      .innerJoin('letter_documents as d', 'd.letter_id', 'l.id')
      .select(['l.subject', 'l.body', 'd.filename', 'd.content_type'])
      .where('l.mail_merge_id', '=', started.json().id)
      .executeTakeFirstOrThrow();
    expect(letter).toEqual({
      subject: 'Rundschreiben 1 €',
      body: '',
      filename: 'rundschreiben.pdf',
      content_type: 'application/pdf',
    });
  });
});
