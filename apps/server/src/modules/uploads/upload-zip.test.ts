import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoggedInUser, type CreatedUser, type LoggedIn } from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { personalAccountOf } from '../../test/mailbox.ts';
import { storeUpload } from '../../test/uploads.ts';
import { safeZipNames } from './upload-zip-names.ts';

/** Name and bytes of each entry, read through the ZIP's central directory. */
function readZip(zip: Buffer): Array<{ name: string; bytes: Buffer }> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let position = zip.readUInt32LE(end + 16);
  const entries: Array<{ name: string; bytes: Buffer }> = [];
  for (let index = 0; index < count; index += 1) {
    const method = zip.readUInt16LE(position + 10);
    const compressedSize = zip.readUInt32LE(position + 20);
    const nameLength = zip.readUInt16LE(position + 28);
    const extraLength = zip.readUInt16LE(position + 30);
    const commentLength = zip.readUInt16LE(position + 32);
    const localOffset = zip.readUInt32LE(position + 42);
    const name = zip.subarray(position + 46, position + 46 + nameLength).toString('utf8');
    const start =
      localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28);
    const data = zip.subarray(start, start + compressedSize);
    entries.push({ name, bytes: method === 8 ? inflateRawSync(data) : Buffer.from(data) });
    position += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** What an unpacking tool on Windows, macOS or Linux takes as a plain file name here. */
function isPlainFileName(name: string): boolean {
  return (
    name.length > 0 &&
    name.trim() === name &&
    !/[\\/:*?"<>|\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/u.test(name) &&
    !/^\.+$/.test(name) &&
    !/^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i.test(name) &&
    !name.endsWith('.')
  );
}

describe.each(testEngines)('a ZIP of uploads with hostile names (%s)', (engine) => {
  let t: TestApp;
  let me: CreatedUser & LoggedIn;
  let account: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    me = await createLoggedInUser(t.app);
    account = personalAccountOf(me);
  });
  afterAll(async () => t.close());

  it('answers 200 with every entry under a plain, unique, readable name', async () => {
    const names = ['..', 'c:', 'x:y', 'a/b', 'CON', 'nul.txt', '\u202etxt.exe', ' .', 'ok.txt'];
    const ids: string[] = [];
    for (const [index, name] of names.entries()) {
      const id = await storeUpload(t.app, me, {
        accountId: account,
        name: `upload-${index}.txt`,
        bytes: Buffer.from(`content ${index}\n`),
      });
      // Older rows and other ways in may hold any name: the ZIP must not trust them.
      await t.app.db.updateTable('uploads').set({ name }).where('id', '=', id).execute();
      ids.push(id);
    }
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/download',
      headers: me.headers,
      payload: { account_id: account, ids },
    });
    expect(response.statusCode).toBe(200);
    const entries = readZip(response.rawPayload);
    expect(entries.map((entry) => entry.bytes.toString())).toEqual(
      names.map((_, index) => `content ${index}\n`),
    );
    const entryNames = entries.map((entry) => entry.name);
    expect(entryNames.filter((name) => !isPlainFileName(name))).toEqual([]);
    expect(new Set(entryNames.map((name) => name.toLowerCase())).size).toBe(names.length);
    expect(entryNames).toContain('ok.txt');
    expect(entryNames).toContain('x_y');
  });
});

describe('safeZipNames', () => {
  it('keeps ordinary names and numbers equal ones', () => {
    expect(safeZipNames(['Scan.pdf', 'scan.pdf', 'Brief an Müller.pdf'])).toEqual([
      'Scan.pdf',
      'scan (2).pdf',
      'Brief an Müller.pdf',
    ]);
  });

  it('makes hostile names plain', () => {
    const names = safeZipNames(['..', 'c:', 'x:y', 'a/b', 'a\\b', 'CON', 'com1.txt', '', 'end.']);
    expect(names.every(isPlainFileName)).toBe(true);
    expect(names).toEqual([
      'file',
      'c_',
      'x_y',
      'a_b',
      'a_b (2)',
      '_CON',
      '_com1.txt',
      'file (2)',
      'end',
    ]);
  });
});
