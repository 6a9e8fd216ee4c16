import type { CreatedUser, LoggedIn } from './factories.ts';
import type { TestApp } from './helper.ts';
import { caseFileClient, createTestCaseFile, createTestItem } from './case-files.ts';
import { deliverTestLetter, personalAccountOf } from './mailbox.ts';
import { writePostalLetter } from './postal.ts';
import { storeUpload } from './uploads.ts';

/** A trash entry as the tests name it. */
export interface Entry {
  kind: string;
  id: string;
  name: string;
}

const entryOf = (kind: string, id: string, name: string): Entry => ({ kind, id, name });

/** One of each kind, trashed a second apart in this order (the list shows it reversed). */
export async function trashOneOfEach(t: TestApp, me: CreatedUser & LoggedIn, apiKey: string) {
  const account = personalAccountOf(me);
  const send = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: me.headers, ...(payload ? { payload } : {}) });
  const createFolder = async (name: string): Promise<string> =>
    (await send('POST', '/api/folders', { account_id: account, name })).json().id;
  const letters = (ids: string[], action: string, folderId?: string) =>
    send('POST', '/api/letters/bulk', { letter_ids: ids, action, folder_id: folderId });
  const second = () => t.clock.advanceSeconds(1);
  const received = await deliverTestLetter(t.app, apiKey, me.email, { subject: 'Meter reading' });
  const filed = await deliverTestLetter(t.app, apiKey, me.email, { subject: 'Statement' });
  const withFolder = await deliverTestLetter(t.app, apiKey, me.email, { subject: 'Tax notice' });
  const sent = (
    await writePostalLetter(t.app, {
      accountId: account,
      userId: me.user.id,
      subject: 'To the landlord',
      recipients: [
        {
          name: 'Print Recipient',
          street: 'Road 2',
          postcode: '10115',
          city: 'Berlin',
          country: 'DE',
        },
      ],
    })
  ).letterId;
  const bank = await createFolder('Bank');
  const taxes = await createFolder('Taxes');
  await letters([filed], 'move', bank);
  await letters([withFolder], 'move', taxes);
  const upload = await storeUpload(t.app, me, {
    accountId: account,
    name: 'meter.txt',
    bytes: Buffer.from('Meter reading'),
  });
  const contact = (
    await send('POST', '/api/contacts', {
      account_id: account,
      contact: { name: 'Jana Schröder', organisation: 'Stadtwerke Bonn' },
    })
  ).json().id;
  const files = caseFileClient(t.app, me);
  const flat = (await createTestCaseFile(files, account, 'Flat')).id;
  for (const [title, date] of [
    ['Lease', '2026-01-10'],
    ['Deposit', '2026-01-12'],
  ]) {
    await createTestItem(files, flat, { title, date });
  }
  const car = (await createTestCaseFile(files, account, 'Car')).id;
  const call = (
    await createTestItem(files, car, { title: 'Call with the garage', date: '2026-03-02' })
  ).id;
  await createTestItem(files, car, { title: 'Invoice', date: '2026-03-05' });

  await letters([received], 'trash');
  second();
  await letters([filed], 'trash');
  second();
  await letters([sent], 'trash');
  second();
  await send('DELETE', `/api/folders/${taxes}`);
  second();
  await send('POST', '/api/uploads/trash', { account_id: account, ids: [upload] });
  second();
  await send('DELETE', `/api/contacts/${contact}`);
  second();
  await send('DELETE', `/api/case-files/${car}/items/${call}`);
  second();
  await send('DELETE', `/api/case-files/${flat}`);
  return {
    bank,
    withFolder,
    car,
    flat,
    /** Newest first, as listed. */
    listed: [
      entryOf('case_file', flat, 'Flat'),
      entryOf('case_file_item', call, 'Call with the garage'),
      entryOf('contact', contact, 'Jana Schröder'),
      entryOf('upload', upload, 'meter.txt'),
      entryOf('folder', taxes, 'Taxes'),
      entryOf('letter', sent, 'To the landlord'),
      entryOf('letter', filed, 'Statement'),
      entryOf('letter', received, 'Meter reading'),
    ],
  };
}
