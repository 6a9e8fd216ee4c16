import { inflateRawSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createLoggedInUser,
  login,
  type CreatedUser,
  type LoggedIn,
} from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import {
  createTestProvider,
  deliverTestLetter,
  personalAccountOf,
  samplePdf,
  storedDocumentKeys,
} from '../../test/mailbox.ts';
import { TINY_PNG, storeUpload } from '../../test/uploads.ts';
import { COLLECT_GRACE_SECONDS } from '../../documents/document-collection.ts';
import { purgeExpiredTrash } from '../trash/trash.service.ts';

const DAY = 24 * 3600;

/** The files of a ZIP by name, read through its central directory. */
function unzip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let position = zip.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let index = 0; index < count; index += 1) {
    const method = zip.readUInt16LE(position + 10);
    const compressedSize = zip.readUInt32LE(position + 20);
    const nameLength = zip.readUInt16LE(position + 28);
    const extraLength = zip.readUInt16LE(position + 30);
    const commentLength = zip.readUInt16LE(position + 32);
    const localOffset = zip.readUInt32LE(position + 42);
    const name = zip.subarray(position + 46, position + 46 + nameLength).toString('utf8');
    const localNameLength = zip.readUInt16LE(localOffset + 26);
    const localExtraLength = zip.readUInt16LE(localOffset + 28);
    const start = localOffset + 30 + localNameLength + localExtraLength;
    const data = zip.subarray(start, start + compressedSize);
    files.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    position += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

describe.each(testEngines)('uploads in the portal (%s)', (engine) => {
  let t: TestApp;
  let me: CreatedUser & LoggedIn;
  let account: string;

  beforeEach(async () => {
    t = await createTestApp(engine, { TRASH_RETENTION_DAYS: '30' });
    me = await createLoggedInUser(t.app);
    account = personalAccountOf(me);
  });
  afterEach(async () => t.close());

  const get = (url: string) => t.app.inject({ url, headers: { cookie: me.cookie } });
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: me.headers, payload });
  const names = async (query: string) => {
    const found: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/uploads?account_id=${account}&limit=2&${query}${cursor ? `&cursor=${cursor}` : ''}`;
      const page: { uploads: Array<{ name: string }>; next_cursor: string | null } = (
        await get(url)
      ).json();
      found.push(...page.uploads.map((upload) => upload.name));
      cursor = page.next_cursor;
    } while (cursor);
    return found;
  };

  it('lists uploads in every order, page by page, by kind and by name', async () => {
    await storeUpload(t.app, me, {
      accountId: account,
      name: 'b-notes.txt',
      bytes: Buffer.from('x'.repeat(30)),
    });
    t.clock.advanceSeconds(1);
    await storeUpload(t.app, me, { accountId: account, name: 'A-photo.png', bytes: TINY_PNG });
    t.clock.advanceSeconds(1);
    await storeUpload(t.app, me, {
      accountId: account,
      name: 'c-table.csv',
      bytes: Buffer.from('name;amount\nRent;900\nPower;80\n'),
    });
    t.clock.advanceSeconds(1);
    await storeUpload(t.app, me, {
      accountId: account,
      name: 'd-letter.pdf',
      bytes: await samplePdf(),
    });

    expect(await names('sort=newest')).toEqual([
      'd-letter.pdf',
      'c-table.csv',
      'A-photo.png',
      'b-notes.txt',
    ]);
    expect(await names('sort=oldest')).toEqual([
      'b-notes.txt',
      'A-photo.png',
      'c-table.csv',
      'd-letter.pdf',
    ]);
    expect(await names('sort=name')).toEqual([
      'A-photo.png',
      'b-notes.txt',
      'c-table.csv',
      'd-letter.pdf',
    ]);
    const largest = await names('sort=largest');
    expect(largest[0]).toBe('d-letter.pdf');
    expect(largest.at(-1)).toBe('b-notes.txt');
    expect(await names('kind=table')).toEqual(['c-table.csv']);
    expect(await names('kind=image')).toEqual(['A-photo.png']);
    expect(await names('name=PHOTO')).toEqual(['A-photo.png']);
    expect(await names('name=%25')).toEqual([]);
    const csv = (await get(`/api/uploads?account_id=${account}&kind=table`)).json().uploads[0];
    expect((await get(`/api/uploads/${csv.id}`)).json()).toMatchObject({
      content_type: 'text/csv',
      encoding: 'utf-8',
      delimiter: ';',
      uploaded_by: { id: me.user.id },
    });
    const foreignCursor = (await get(`/api/uploads?account_id=${account}&limit=1`)).json();
    const mixed = await get(
      `/api/uploads?account_id=${account}&sort=name&cursor=${foreignCursor.next_cursor}`,
    );
    expect(mixed.statusCode).toBe(400);
  });

  it('renames an upload, and serves its thumbnail once one was made', async () => {
    const id = await storeUpload(t.app, me, {
      accountId: account,
      name: 'scan.png',
      bytes: TINY_PNG,
    });
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/uploads/${id}`,
      headers: me.headers,
      payload: { name: '  Tax/2026.png ' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('2026.png');
    expect((await get(`/api/uploads/${id}/thumbnail`)).statusCode).toBe(404);
    const thumbnail = await t.app.documents.put(TINY_PNG, { maxBytes: 1024 });
    await t.app.db
      .updateTable('uploads')
      .set({ thumbnail_key: thumbnail.key, thumbnail_type: 'image/png' })
      .where('id', '=', id)
      .execute();
    const image = await get(`/api/uploads/${id}/thumbnail`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload).toEqual(TINY_PNG);
    expect((await get(`/api/uploads?account_id=${account}`)).json().uploads[0].has_thumbnail).toBe(
      true,
    );
  });

  it('downloads a selection as one ZIP with the same bytes and numbered equal names', async () => {
    const pdf = await samplePdf('zip me');
    const first = await storeUpload(t.app, me, {
      accountId: account,
      name: 'Scan.pdf',
      bytes: pdf,
    });
    const second = await storeUpload(t.app, me, {
      accountId: account,
      name: 'scan.pdf',
      bytes: TINY_PNG,
    });
    const third = await storeUpload(t.app, me, {
      accountId: account,
      name: 'notes.txt',
      bytes: Buffer.from('plain words '.repeat(500)),
    });
    const response = await post('/api/uploads/download', {
      account_id: account,
      ids: [first, second, third],
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toContain('attachment');
    const files = unzip(response.rawPayload);
    expect([...files.keys()]).toEqual(['Scan.pdf', 'scan (2).pdf', 'notes.txt']);
    expect(files.get('Scan.pdf')).toEqual(pdf);
    expect(files.get('scan (2).pdf')).toEqual(TINY_PNG);
    expect(files.get('notes.txt')?.toString()).toBe('plain words '.repeat(500));
    const withUnknown = await post('/api/uploads/download', {
      account_id: account,
      ids: [first, 'not-an-upload'],
    });
    expect(withUnknown.statusCode).toBe(404);
  });

  it('trashes, restores and deletes uploads for good, collecting files nobody uses', async () => {
    const pdf = await samplePdf('kept by a letter');
    const shared = await storeUpload(t.app, me, {
      accountId: account,
      name: 'same.pdf',
      bytes: pdf,
    });
    const alone = await storeUpload(t.app, me, {
      accountId: account,
      name: 'alone.png',
      bytes: TINY_PNG,
    });
    const { apiKey } = await createTestProvider(t.app);
    await deliverTestLetter(
      t.app,
      apiKey,
      me.email,
      {},
      {
        documents: [{ filename: 'same.pdf', content: pdf }],
      },
    );
    // Files put in the last minutes are spared: a delivery may be about to write its row.
    t.clock.advanceSeconds(COLLECT_GRACE_SECONDS + 1);

    expect(
      (await post('/api/uploads/trash', { account_id: account, ids: [shared, alone] })).statusCode,
    ).toBe(204);
    expect((await get(`/api/uploads?account_id=${account}`)).json().uploads).toEqual([]);
    const trash = (await get(`/api/trash/entries?account_id=${account}&kind=upload`)).json();
    expect(trash.entries.map((entry: { id: string }) => entry.id).toSorted()).toEqual(
      [shared, alone].toSorted(),
    );
    // Still takes space in the trash.
    expect((await get(`/api/uploads/usage?account_id=${account}`)).json().used_bytes).toBe(
      pdf.length + TINY_PNG.length,
    );

    const restored = await post(`/api/trash/uploads/${alone}/restore`, {});
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ id: alone, trashed_at: null });
    expect((await get(`/api/uploads?account_id=${account}`)).json().uploads).toHaveLength(1);

    const keysBefore = storedDocumentKeys(t.config.dataDir).length;
    const forever = await t.app.inject({
      method: 'DELETE',
      url: `/api/trash/uploads/${shared}`,
      headers: me.headers,
    });
    expect(forever.statusCode).toBe(204);
    expect((await get(`/api/uploads/${shared}`)).statusCode).toBe(404);
    // The letter has the same bytes: the file stays.
    expect(storedDocumentKeys(t.config.dataDir)).toHaveLength(keysBefore);

    await post('/api/uploads/trash', { account_id: account, ids: [alone] });
    const empty = await post('/api/trash/empty', { account_id: account });
    expect(empty.statusCode).toBe(204);
    expect((await get(`/api/trash/entries?account_id=${account}`)).json().entries).toEqual([]);
    expect(storedDocumentKeys(t.config.dataDir)).toHaveLength(keysBefore - 1);
    expect((await get(`/api/uploads/usage?account_id=${account}`)).json().used_bytes).toBe(0);
  });

  it('purges uploads trashed longer than the retention period', async () => {
    const old = await storeUpload(t.app, me, {
      accountId: account,
      name: 'old.png',
      bytes: TINY_PNG,
    });
    const recent = await storeUpload(t.app, me, {
      accountId: account,
      name: 'recent.txt',
      bytes: Buffer.from('recent words'),
    });
    await post('/api/uploads/trash', { account_id: account, ids: [old] });
    t.clock.advanceSeconds(20 * DAY);
    me = { ...me, ...(await login(t.app, me.email, me.password)) };
    await post('/api/uploads/trash', { account_id: account, ids: [recent] });
    t.clock.advanceSeconds(11 * DAY);
    await purgeExpiredTrash(t.app);
    me = { ...me, ...(await login(t.app, me.email, me.password)) };
    const trash = (await get(`/api/trash/entries?account_id=${account}`)).json();
    expect(trash.entries.map((entry: { id: string }) => entry.id)).toEqual([recent]);
    expect(storedDocumentKeys(t.config.dataDir)).toHaveLength(1);
  });
});
