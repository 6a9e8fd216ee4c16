import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailMergePreviewSchema, type MailMergeDefinition } from '@kuvert/shared/mail-merge';
import { createLoggedInUser, type LoggedIn } from '../../test/factories.ts';
import { testEngines, type TestApp } from '../../test/helper.ts';
import { addMember, createSharedAccount } from '../../test/mailbox.ts';
import { createUploadReadingTestApp, insertStoredUpload } from '../../test/upload-fixtures-app.ts';
import { windows1252 } from '../../test/upload-fixtures.ts';

const HEADER = ['Vorname', 'Nachname', 'Straße', 'PLZ', 'Ort', 'Land', 'E-Mail', 'Betrag'];

const quote = (value: string) =>
  /[;"\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;

function csv(rows: string[][]): string {
  return rows.map((row) => row.map(quote).join(';')).join('\r\n') + '\r\n';
}

/** The same rows for any e-mail address: without and with a postal address, one incomplete. */
function rowsFor(email: string): string[][] {
  return [
    HEADER,
    ['Ann', 'Ahrens', '', '', '', '', email, '1 €'],
    ['Ann', 'Ahrens', 'Weg 1', '10115', 'Berlin', '', email, '2 €'],
    ['Ann', 'Ahrens', 'Weg 1', '', 'Berlin', '', email, '3 €'],
  ];
}

describe.each(testEngines)('mail merge safety (%s)', (engine) => {
  let t: TestApp;
  let owner: LoggedIn & { user: { id: string } };
  let accountId: string;
  let kuvertEmail: string;

  beforeAll(async () => {
    t = await createUploadReadingTestApp(engine);
    owner = await createLoggedInUser(t.app);
    kuvertEmail = (await createLoggedInUser(t.app)).email.toLowerCase();
    accountId = await createSharedAccount(t.app, owner.user.id);
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

  const upload = (name: string, text: string) =>
    insertStoredUpload(t.app, {
      accountId,
      userId: owner.user.id,
      name,
      contentType: 'text/csv',
      bytes: windows1252(text),
    });

  const definition = (uploadId: string): MailMergeDefinition => ({
    account_id: accountId,
    csv: { upload_id: uploadId, encoding: 'windows-1252', delimiter: ';' },
    source: { kind: 'template', subject: 'Rechnung über {{Betrag}}', body: 'Hallo {{Vorname}},' },
    mapping: {
      fields: { first_name: 0, name: 1, street: 2, postcode: 3, city: 4, country: 5, email: 6 },
      placeholders: { Betrag: 7, Vorname: 0 },
      default_country: 'DE',
    },
  });

  const post = (url: string, as: LoggedIn, payload: MailMergeDefinition) =>
    t.app.inject({ method: 'POST', url, headers: as.headers, payload });

  it('previews an address with a Kuvert account exactly as an unknown one', async () => {
    const unknownEmail = 'nobody-here@example.org';
    const answers = [];
    for (const email of [kuvertEmail, unknownEmail]) {
      const id = await upload(`${email}.csv`, csv(rowsFor(email)));
      const response = await post('/api/mail-merges/preview', owner, definition(id));
      expect(response.statusCode).toBe(200);
      answers.push(response.body.replaceAll(email, '<email>'));
    }

    expect(answers[0]).toBe(answers[1]);
    const preview = mailMergePreviewSchema.parse(JSON.parse(answers[0] ?? ''));
    expect(preview.rows.map((row) => row.delivery)).toEqual([
      'kuvert_only',
      'kuvert_or_postal',
      'kuvert_only',
    ]);
    expect(preview.rows[0]?.problems).toMatchObject([
      { path: 'email', i18n: 'mailMerge.problems.needsPostal', values: { email: '<email>' } },
    ]);
  });

  it('refuses to start for a sender without an address alike for both addresses', async () => {
    const member = await createLoggedInUser(t.app);
    await addMember(t.app, accountId, member.user.id, 'member');
    for (const email of [kuvertEmail, 'nobody-there@example.org']) {
      const id = await upload(`start-${email}.csv`, csv(rowsFor(email)));
      const response = await post('/api/mail-merges', member, definition(id));
      expect(response.statusCode).toBe(422);
      expect(response.json().code).toBe('SENDER_ADDRESS_MISSING');
    }
  });

  it('writes the failed rows with every formula-like cell made text', async () => {
    const id = await upload(
      'formeln.csv',
      csv([
        HEADER,
        [
          '=1+2',
          '@SUM(1+1)',
          '-Weg 1',
          '',
          '+Köln',
          '',
          '',
          '=HYPERLINK("http://evil.example","Rechnung")',
        ],
      ]),
    );
    const started = await post('/api/mail-merges', owner, definition(id));
    expect(started.statusCode).toBe(202);
    await t.app.jobs.runDueJobs();

    const download = await t.app.inject({
      url: `/api/mail-merges/${started.json().id}/failed-rows.csv`,
      headers: { cookie: owner.cookie },
    });
    expect(download.statusCode).toBe(200);
    expect(download.body.replace('\uFEFF', '').trimEnd().split('\r\n')).toEqual([
      `${HEADER.join(';')};Reason`,
      `'=1+2;'@SUM(1+1);'-Weg 1;;'+Köln;;;"'=HYPERLINK(""http://evil.example"",""Rechnung"")";The postal address has no postcode.`,
    ]);
  });
});
