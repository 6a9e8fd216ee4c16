import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadTableSchema } from '@kuvert/shared/uploads';
import { createLoggedInUser, type LoggedIn } from '../../test/factories.ts';
import { testEngines, type TestApp } from '../../test/helper.ts';
import { addMember, createSharedAccount } from '../../test/mailbox.ts';
import { createUploadReadingTestApp, insertStoredUpload } from '../../test/upload-fixtures-app.ts';
import {
  ADDRESS_ROWS,
  textPdf,
  utf16Csv,
  windows1252,
  windows1252Csv,
} from '../../test/upload-fixtures.ts';

describe.each(testEngines)('the table of a CSV upload (%s)', (engine) => {
  let t: TestApp;
  let owner: LoggedIn & { user: { id: string } };
  let viewer: LoggedIn & { user: { id: string } };
  let stranger: LoggedIn;
  let accountId: string;

  beforeAll(async () => {
    t = await createUploadReadingTestApp(engine);
    owner = await createLoggedInUser(t.app);
    viewer = await createLoggedInUser(t.app);
    stranger = await createLoggedInUser(t.app);
    accountId = await createSharedAccount(t.app, owner.user.id);
    await addMember(t.app, accountId, viewer.user.id, 'viewer');
  });

  afterAll(async () => {
    await t.close();
  });

  function upload(input: Omit<Parameters<typeof insertStoredUpload>[1], 'accountId' | 'userId'>) {
    return insertStoredUpload(t.app, { accountId, userId: owner.user.id, ...input });
  }

  function tableOf(id: string, as: LoggedIn | undefined, query = '') {
    return t.app.inject({
      method: 'GET',
      url: `/api/uploads/${id}/table${query}`,
      headers: as ? { cookie: as.cookie } : {},
    });
  }

  it('shows a German Excel CSV as detected: Windows-1252, ;, quoted line breaks kept', async () => {
    const id = await upload({
      name: 'adressen.csv',
      contentType: 'text/csv',
      bytes: windows1252Csv(),
    });

    const response = await tableOf(id, viewer);

    expect(response.statusCode).toBe(200);
    expect(uploadTableSchema.parse(response.json())).toEqual({
      encoding: 'windows-1252',
      delimiter: ';',
      rows: ADDRESS_ROWS,
      truncated: false,
    });
  });

  it('uses what Kuvert detected when it read the file, and what the user asks for', async () => {
    const id = await upload({ name: 'unicode.csv', contentType: 'text/csv', bytes: utf16Csv() });
    await t.app.jobs.runDueJobs();

    const detected = uploadTableSchema.parse((await tableOf(id, owner)).json());
    const asked = uploadTableSchema.parse(
      (await tableOf(id, owner, '?encoding=utf-16le&delimiter=%3B')).json(),
    );

    expect(detected).toMatchObject({ encoding: 'utf-16le', delimiter: '\t' });
    expect(detected.rows[1]).toEqual(ADDRESS_ROWS[1]);
    // Asked for ;, the tab-separated rows stay whole, one value a row.
    expect(asked.delimiter).toBe(';');
    expect(asked.rows[0]).toEqual([ADDRESS_ROWS[0]?.join('\t')]);
  });

  it('answers the first 200 rows of a long file, reading only its start', async () => {
    const header = 'Nummer;Name;Notiz';
    const rows = Array.from(
      { length: 40_000 },
      (_, index) => `${index};Jürgen Müller ${index};${'x'.repeat(60)}`,
    );
    const bytes = windows1252([header, ...rows].join('\r\n'));
    expect(bytes.length).toBeGreaterThan(2 * 1024 * 1024);
    const id = await upload({ name: 'lang.csv', contentType: 'text/csv', bytes });

    const table = uploadTableSchema.parse((await tableOf(id, owner)).json());

    expect(table.encoding).toBe('windows-1252');
    expect(table.rows).toHaveLength(200);
    expect(table.rows[199]).toEqual(['198', 'Jürgen Müller 198', 'x'.repeat(60)]);
    expect(table.truncated).toBe(true);
  });

  it('is not there for other accounts, nor before the upload is complete, nor logged out', async () => {
    const id = await upload({
      name: 'adressen.csv',
      contentType: 'text/csv',
      bytes: windows1252Csv(),
    });
    const receiving = await upload({
      name: 'halb.csv',
      contentType: 'text/csv',
      bytes: windows1252Csv(),
      status: 'receiving',
    });

    expect((await tableOf(id, stranger)).statusCode).toBe(404);
    expect((await tableOf('does-not-exist', owner)).statusCode).toBe(404);
    expect((await tableOf(receiving, owner)).statusCode).toBe(404);
    expect((await tableOf(id, undefined)).statusCode).toBe(401);
  });

  it('refuses uploads that are not text, and encodings it does not know', async () => {
    const pdf = await upload({
      name: 'vertrag.pdf',
      contentType: 'application/pdf',
      bytes: await textPdf([['Vertrag']]),
    });
    const csv = await upload({
      name: 'adressen.csv',
      contentType: 'text/csv',
      bytes: windows1252Csv(),
    });

    const notText = await tableOf(pdf, owner);
    const unknown = await tableOf(csv, owner, '?encoding=latin1');

    expect(notText.statusCode).toBe(409);
    expect(notText.json()).toMatchObject({ code: 'CONFLICT' });
    expect(unknown.statusCode).toBe(400);
  });
});
