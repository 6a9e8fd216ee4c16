import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoggedInUser, type CreatedUser, type LoggedIn } from './test/factories.ts';
import { createTestApp, testEngines, type TestApp } from './test/helper.ts';
import {
  createTestProvider,
  deliverTestLetter,
  personalAccountOf,
  samplePdf,
} from './test/mailbox.ts';
import { storeUpload } from './test/uploads.ts';

/** U+202E RIGHT-TO-LEFT OVERRIDE: `Rechnung\u202Efdp.exe` shows as “Rechnungexe.pdf”. */
const RLO = '\u202E';
const EVERY_CONTROL = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C';
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/** The file name a Content-Disposition header gives, both forms decoded. */
function filenamesOf(header: unknown): string[] {
  const value = String(header);
  const plain = /filename="([^"]*)"/.exec(value)?.[1] ?? '';
  const encoded = /filename\*=UTF-8''(\S+)/.exec(value)?.[1] ?? '';
  return [plain, decodeURIComponent(encoded)];
}

describe.each(testEngines)('names shown to people carry no bidi controls (%s)', (engine) => {
  let t: TestApp;
  let me: CreatedUser & LoggedIn;
  let apiKey: string;
  let accountId: string;
  let pdf: Buffer;

  beforeAll(async () => {
    t = await createTestApp(engine);
    me = await createLoggedInUser(t.app);
    ({ apiKey } = await createTestProvider(t.app, { name: 'Stadtwerke' }));
    accountId = personalAccountOf(me);
    pdf = await samplePdf();
  });

  afterAll(async () => t?.close());

  it('drops them from the name of a file uploaded with tus, and from its download', async () => {
    const id = await storeUpload(t.app, me, {
      accountId,
      name: `Rechnung${RLO}fdp.exe${EVERY_CONTROL}.pdf`,
      bytes: pdf,
    });
    const upload = await t.app.inject({ url: `/api/uploads/${id}`, headers: me.headers });
    expect(upload.json().name).toBe('Rechnungfdp.exe.pdf');
    const content = await t.app.inject({ url: `/api/uploads/${id}/content`, headers: me.headers });
    expect(filenamesOf(content.headers['content-disposition'])).toEqual([
      'Rechnungfdp.exe.pdf',
      'Rechnungfdp.exe.pdf',
    ]);
  });

  it('refuses a tus upload whose name is nothing but bidi controls', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/tus',
      headers: {
        ...me.headers,
        'tus-resumable': '1.0.0',
        'upload-length': String(pdf.length),
        'upload-metadata': `filename ${Buffer.from(EVERY_CONTROL).toString('base64')},account_id ${Buffer.from(accountId).toString('base64')}`,
      },
    });
    expect(created.statusCode).toBe(400);
  });

  it('drops them from the subject and document names of a Sender API delivery', async () => {
    const letterId = await deliverTestLetter(
      t.app,
      apiKey,
      me.email,
      { subject: `Mahnung ${RLO}gnuhcer` },
      { documents: [{ filename: `Rechnung${RLO}fdp.exe`, content: pdf }] },
    );
    const detail = await t.app.inject({ url: `/api/letters/${letterId}`, headers: me.headers });
    const letter = detail.json();
    expect({ subject: letter.subject, filename: letter.documents[0].filename }).toEqual({
      subject: 'Mahnung gnuhcer',
      filename: 'Rechnungfdp.exe',
    });
    const content = await t.app.inject({
      url: `/api/letters/${letterId}/documents/${letter.documents[0].id}/content`,
      headers: me.headers,
    });
    expect(filenamesOf(content.headers['content-disposition'])).toEqual([
      'Rechnungfdp.exe',
      'Rechnungfdp.exe',
    ]);
  });

  it('drops them from folder, case-file and contact names', async () => {
    const folder = await t.app.inject({
      method: 'POST',
      url: '/api/folders',
      headers: me.headers,
      payload: { account_id: accountId, name: `Steuer${RLO}2025` },
    });
    const caseFile = await t.app.inject({
      method: 'POST',
      url: '/api/case-files',
      headers: me.headers,
      payload: { account_id: accountId, title: `Haus${RLO}kauf` },
    });
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: me.headers,
      payload: { account_id: accountId, contact: { name: `Erika${RLO} Mustermann` } },
    });
    expect([folder.body, caseFile.body, contact.body].filter((body) => BIDI.test(body))).toEqual(
      [],
    );
    expect({
      folder: folder.json().name,
      caseFile: caseFile.json().title,
      contact: contact.json().name,
    }).toEqual({ folder: 'Steuer2025', caseFile: 'Hauskauf', contact: 'Erika Mustermann' });
  });
});
