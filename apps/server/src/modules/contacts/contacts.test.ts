import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ContactImportPreview, ContactInput } from '@kuvert/shared/contacts';
import { createLoggedInUser, type CreatedUser, type LoggedIn } from '../../test/factories.ts';
import { purgeExpiredTrash } from '../trash/trash.service.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import {
  addMember,
  createSharedAccount,
  createTestProvider,
  multipart,
  personalAccountOf,
} from '../../test/mailbox.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../../web/e2e/fixtures/${name}`, import.meta.url));

const jana: ContactInput = {
  name: 'Jana Schröder',
  organisation: '',
  email: 'jana@example.de',
  street: 'Lindenallee 3',
  postcode: '50667',
  city: 'Köln',
  country: 'DE',
};

describe.each(testEngines)('contacts (%s)', (engine) => {
  let t: TestApp;
  let me: CreatedUser & LoggedIn;
  let accountId: string;

  beforeEach(async () => {
    t = await createTestApp(engine);
    me = await createLoggedInUser(t.app);
    accountId = personalAccountOf(me);
  });
  afterEach(async () => t.close());

  const create = (contact: ContactInput, who: LoggedIn = me, account = accountId) =>
    t.app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: who.headers,
      payload: { account_id: account, contact },
    });
  const list = async (q = '', who: LoggedIn = me) =>
    (
      await t.app.inject({
        url: `/api/contacts?account_id=${accountId}${q ? `&q=${encodeURIComponent(q)}` : ''}`,
        headers: { cookie: who.cookie },
      })
    ).json();
  const preview = (content: Buffer, filename: string, query = '') => {
    const body = multipart([{ name: 'file', filename, content, contentType: 'text/plain' }]);
    return t.app.inject({
      method: 'POST',
      url: `/api/contacts/import/preview?account_id=${accountId}${query}`,
      headers: { ...me.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const previewOf = async (content: Buffer, filename: string): Promise<ContactImportPreview> => {
    const response = await preview(content, filename);
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it('creates, finds, changes, trashes, restores and deletes a contact for good', async () => {
    const created = await create(jana);
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json()).toMatchObject({ name: 'Jana Schröder', has_postal_address: true });
    await create({ organisation: 'Ärztekammer Nordrhein' });
    await create({ name: 'Zacharias Berg' });

    const all = await list();
    expect(
      all.items.map(
        (item: { name: string; organisation: string }) => item.name || item.organisation,
      ),
    ).toEqual(['Ärztekammer Nordrhein', 'Jana Schröder', 'Zacharias Berg']);
    expect((await list('köln')).items).toHaveLength(1);
    expect((await list('ÄRZTE')).items).toHaveLength(1);
    expect((await list('100%')).items).toHaveLength(0);

    const page = await t.app.inject({
      url: `/api/contacts?account_id=${accountId}&limit=2`,
      headers: { cookie: me.cookie },
    });
    const next = await t.app.inject({
      url: `/api/contacts?account_id=${accountId}&limit=2&cursor=${page.json().next_cursor}`,
      headers: { cookie: me.cookie },
    });
    expect(next.json()).toMatchObject({ items: [{ name: 'Zacharias Berg' }], next_cursor: null });

    const { provider } = await createTestProvider(t.app);
    const providerId = provider.id;
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/contacts/${id}`,
      headers: me.headers,
      payload: {
        contact: {
          ...jana,
          city: 'Bonn',
          postcode: '53111',
          digital: { kind: 'provider', provider_id: providerId },
        },
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      city: 'Bonn',
      digital: { kind: 'provider', provider_id: providerId, provider_name: expect.any(String) },
    });

    const trashed = await t.app.inject({
      method: 'DELETE',
      url: `/api/contacts/${id}`,
      headers: me.headers,
    });
    expect(trashed.statusCode).toBe(204);
    expect((await list()).items).toHaveLength(2);
    const trash = await t.app.inject({
      url: `/api/trash/entries?account_id=${accountId}&kind=contact`,
      headers: { cookie: me.cookie },
    });
    expect(trash.json().entries).toEqual([
      expect.objectContaining({ kind: 'contact', id, name: 'Jana Schröder' }),
    ]);

    const restored = await t.app.inject({
      method: 'POST',
      url: `/api/trash/contacts/${id}/restore`,
      headers: me.headers,
    });
    expect(restored.statusCode).toBe(200);
    expect((await list()).items).toHaveLength(3);

    await t.app.inject({ method: 'DELETE', url: `/api/contacts/${id}`, headers: me.headers });
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/trash/contacts/${id}`,
      headers: me.headers,
    });
    expect(gone.statusCode).toBe(204);
    const after = await t.app.inject({
      url: `/api/trash/entries?account_id=${accountId}&kind=contact`,
      headers: { cookie: me.cookie },
    });
    expect(after.json().entries).toEqual([]);
    expect(
      (await t.app.inject({ url: `/api/contacts/${id}`, headers: { cookie: me.cookie } }))
        .statusCode,
    ).toBe(404);
  });

  it('purges contacts trashed longer than the retention period', async () => {
    const old = (await create(jana)).json().id;
    const recent = (await create({ name: 'Recent' })).json().id;
    await t.app.inject({ method: 'DELETE', url: `/api/contacts/${old}`, headers: me.headers });
    t.clock.advanceSeconds((t.app.config.trashRetentionDays - 1) * 24 * 3600);
    await t.app.inject({ method: 'DELETE', url: `/api/contacts/${recent}`, headers: me.headers });
    t.clock.advanceSeconds(2 * 24 * 3600);
    await purgeExpiredTrash(t.app);
    const rows = await t.app.db.selectFrom('contacts').select('id').execute();
    expect(rows.map((row) => row.id)).toEqual([recent]);
  });

  it('says per field what is wrong, with translation keys', async () => {
    const response = await create({
      street: 'Hauptstraße 1',
      postcode: '1234',
      country: 'DE',
      email: 'nope',
    });
    expect(response.statusCode).toBe(400);
    const details: Array<{ path: string; i18n?: string; values?: Record<string, string> }> =
      response.json().details;
    expect(details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'body.contact.email' }),
        expect.objectContaining({
          path: 'body.contact.name',
          i18n: 'validation.nameOrOrganisation',
        }),
        expect.objectContaining({
          path: 'body.contact.city',
          i18n: 'validation.requiredForPostal',
        }),
        expect.objectContaining({
          path: 'body.contact.postcode',
          i18n: 'validation.postcode',
          values: { country: 'DE', example: '10115' },
        }),
      ]),
    );
    const swedish = await create({ ...jana, postcode: '114 55', country: 'SE' });
    expect(swedish.statusCode).toBe(201);
    const unknownProvider = await create({
      ...jana,
      digital: { kind: 'provider', provider_id: 'nope' },
    });
    expect(unknownProvider.json().details).toEqual([
      expect.objectContaining({ path: 'contact.digital.provider_id' }),
    ]);
  });

  it('keeps other accounts out and viewers from writing', async () => {
    const id = (await create(jana)).json().id;
    const stranger = await createLoggedInUser(t.app);
    for (const request of [
      { method: 'GET' as const, url: `/api/contacts/${id}` },
      { method: 'DELETE' as const, url: `/api/contacts/${id}` },
      { method: 'PUT' as const, url: `/api/contacts/${id}`, payload: { contact: jana } },
      { method: 'GET' as const, url: `/api/contacts?account_id=${accountId}` },
    ]) {
      const response = await t.app.inject({ ...request, headers: stranger.headers });
      expect(response.statusCode).toBe(404);
    }
    const viewer = await createLoggedInUser(t.app);
    const shared = await createSharedAccount(t.app, me.user.id);
    await addMember(t.app, shared, viewer.user.id, 'viewer');
    const sharedContact = (await create(jana, me, shared)).json().id;
    expect((await create(jana, viewer, shared)).statusCode).toBe(403);
    const read = await t.app.inject({
      url: `/api/contacts/${sharedContact}`,
      headers: { cookie: viewer.cookie },
    });
    expect(read.statusCode).toBe(200);
    const remove = await t.app.inject({
      method: 'DELETE',
      url: `/api/contacts/${sharedContact}`,
      headers: viewer.headers,
    });
    expect(remove.statusCode).toBe(403);
  });

  it('previews vCard 2.1 (quoted-printable, ISO-8859-1), 3.0 and 4.0 (folded) and imports the good rows', async () => {
    const android = await previewOf(fixture('contacts-android-2.1.vcf'), 'android.vcf');
    expect(android.format).toBe('vcard');
    expect(android.rows).toEqual([
      expect.objectContaining({
        status: 'ok',
        contact: expect.objectContaining({
          name: 'Jürgen Müller',
          email: 'juergen.mueller@example.de',
          phone: '+49 170 1234567',
          street: 'Hauptstraße 5',
          postcode: '80331',
          city: 'München',
          country: 'DE',
          notes: 'Kennt uns seit 2019 – sehr nett',
        }),
      }),
      expect.objectContaining({
        status: 'ok',
        contact: expect.objectContaining({
          name: 'Åsa Andersson',
          organisation: 'Svensk Post AB',
          postcode: '111 51',
          country: 'SE',
        }),
      }),
    ]);

    const modern = await previewOf(fixture('contacts-4.0.vcf'), 'modern.vcf');
    expect(modern.rows.map((row) => row.status)).toEqual(['ok', 'ok']);
    expect(modern.rows[0]?.contact).toMatchObject({
      name: 'Zoë Łukasiewicz-Öztürk',
      email: 'zoe.private@example.org',
      phone: '+43-1-555-0100',
      city: 'Wien',
      country: 'AT',
      notes:
        'Zweite Zeile folgt\nund hier ist sie, mit Komma und einem sehr langen Text, der gefaltet wurde',
    });
    // A card without N or FN: its organisation names it.
    expect(modern.rows[1]?.contact).toMatchObject({ name: '', organisation: 'Stadtwerke Kiel' });

    const three = await previewOf(fixture('contacts-3.0.vcf'), 'three.vcf');
    expect(three.rows[0]).toMatchObject({
      status: 'ok',
      contact: { name: 'Nils Hansen', country: 'NO' },
    });
    expect(three.rows[1]).toMatchObject({
      status: 'invalid',
      contact: null,
      cells: { email: 'nobody@example.com' },
      problems: [expect.objectContaining({ path: 'name', i18n: 'validation.nameOrOrganisation' })],
    });

    const contacts = [...android.rows, ...modern.rows].flatMap((row) =>
      row.contact ? [row.contact] : [],
    );
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/contacts/import',
      headers: me.headers,
      payload: { account_id: accountId, contacts },
    });
    expect(imported.statusCode).toBe(201);
    expect(imported.json()).toEqual({ created: 4 });
    expect((await list()).items).toHaveLength(4);

    const again = await previewOf(fixture('contacts-android-2.1.vcf'), 'android.vcf');
    expect(again.rows.map((row) => row.status)).toEqual(['duplicate', 'duplicate']);
  });

  it('reads a Windows-1252 CSV with `;` and exports CSV and vCard that read back the same', async () => {
    const csv = Buffer.from(
      'Vorname;Nachname;Straße;PLZ;Ort;Land;E-Mail\r\n' +
        'Jörg;Weiß;Bahnhofstraße 1;10115;Berlin;Deutschland;joerg@example.de\r\n' +
        'Anna;Groß;Ringstraße 9;123;Graz;Österreich;\r\n' +
        'Ole;Bø;Storgata 2;0155;Oslo;Atlantis;\r\n',
      'latin1',
    );
    const read = await previewOf(csv, 'adressen.csv');
    expect(read).toMatchObject({ format: 'csv', encoding: 'windows-1252', delimiter: ';' });
    expect(read.rows[0]).toMatchObject({
      status: 'ok',
      contact: { name: 'Jörg Weiß', street: 'Bahnhofstraße 1', city: 'Berlin', country: 'DE' },
    });
    expect(read.rows[1]).toMatchObject({
      status: 'invalid',
      problems: [
        expect.objectContaining({
          path: 'postcode',
          i18n: 'validation.postcode',
          values: { country: 'AT', example: '1010' },
        }),
      ],
    });
    expect(read.rows[2]).toMatchObject({
      status: 'invalid',
      problems: [expect.objectContaining({ path: 'country', i18n: 'validation.unknownCountry' })],
    });

    await create({ ...jana, phone: '+49 221 1234', notes: '=HYPERLINK("x"); "quoted"\nline two' });
    await create({
      organisation: 'Kuvert GmbH',
      digital: { kind: 'kuvert', email: 'post@kuvert.example' },
    });
    for (const language of ['de', 'en']) {
      const exported = await t.app.inject({
        url: `/api/contacts/export?account_id=${accountId}&format=csv&language=${language}`,
        headers: { cookie: me.cookie },
      });
      expect(exported.headers['content-type']).toContain('text/csv');
      expect(exported.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      expect(exported.body.split('\r\n')[0]).toBe(
        language === 'de'
          ? '\uFEFFName;Organisation;E-Mail;Telefon;Straße;PLZ;Ort;Land;Kuvert-Adresse;Notizen'
          : '\uFEFFName;Organisation;E-mail;Phone;Street;Postcode;City;Country;Kuvert address;Notes',
      );
      expect(exported.body).toContain(`"'=HYPERLINK(""x""); ""quoted""\nline two"`);
      // Every cell a spreadsheet would run as a formula is text, a phone number's + included.
      expect(exported.body).toContain(`;'+49 221 1234;`);
      const back = await previewOf(exported.rawPayload, 'export.csv');
      expect(back.rows.map((row) => row.status)).toEqual(['duplicate', 'duplicate']);
      expect(back.rows[0]?.contact).toMatchObject({
        name: 'Jana Schröder',
        phone: '+49 221 1234',
        country: 'DE',
        notes: '=HYPERLINK("x"); "quoted"\nline two',
      });
      expect(back.rows[1]?.contact).toMatchObject({
        organisation: 'Kuvert GmbH',
        digital: { kind: 'kuvert', email: 'post@kuvert.example' },
      });
    }

    const vcard = await t.app.inject({
      url: `/api/contacts/export?account_id=${accountId}&format=vcard`,
      headers: { cookie: me.cookie },
    });
    expect(vcard.headers['content-type']).toContain('text/vcard');
    const lines = vcard.body.split('\r\n');
    expect(lines).toContain('VERSION:3.0');
    expect(lines).toContain('N:Schröder;Jana;;;');
    expect(lines.every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(vcard.body).toContain('NOTE:=HYPERLINK("x")\\; "quoted"\\nline two');
    const vcardBack = await previewOf(vcard.rawPayload, 'export.vcf');
    expect(vcardBack.rows[0]?.contact).toMatchObject({
      name: 'Jana Schröder',
      street: 'Lindenallee 3',
      country: 'DE',
      notes: '=HYPERLINK("x"); "quoted"\nline two',
    });
  });

  it('refuses hostile and empty files with a clear answer', async () => {
    const huge = await preview(Buffer.alloc(6 * 1024 * 1024, 'a'), 'huge.csv');
    expect(huge.statusCode).toBe(413);
    const garbage = Buffer.alloc(4096);
    for (let index = 0; index < garbage.length; index += 1) garbage[index] = (index * 7919) % 256;
    const binary = await preview(garbage, 'garbage.bin');
    expect(binary.statusCode).toBe(422);
    expect(binary.json()).toMatchObject({ code: 'DOCUMENT_UNREADABLE' });
    expect((await preview(Buffer.alloc(0), 'empty.csv')).json()).toMatchObject({
      code: 'CSV_EMPTY',
    });
    expect((await preview(Buffer.from('Name;E-Mail\r\n'), 'header.csv')).json()).toMatchObject({
      code: 'CSV_NO_ROWS',
    });
    const noHeaders = await preview(Buffer.from('a;b\r\nc;d\r\n'), 'plain.csv');
    expect(noHeaders.json()).toMatchObject({
      code: 'DOCUMENT_UNREADABLE',
      message: expect.stringContaining('headers'),
    });
    const manyCards = Buffer.from('BEGIN:VCARD\r\nFN:X\r\nEND:VCARD\r\n'.repeat(5001));
    expect((await preview(manyCards, 'many.vcf')).statusCode).toBe(413);
    const noCards = await preview(Buffer.from('BEGIN:VCARD\r\nFN:never ends'), 'cut.vcf');
    expect(noCards.json()).toMatchObject({ code: 'DOCUMENT_UNREADABLE' });
  });
});
