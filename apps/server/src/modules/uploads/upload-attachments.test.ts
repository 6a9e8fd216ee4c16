import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLoggedInUser, type CreatedUser, type LoggedIn } from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import {
  createTestProvider,
  deliverTestLetter,
  multipart,
  personalAccountOf,
  samplePdf,
  type MultipartPart,
} from '../../test/mailbox.ts';
import { TINY_PNG, storeUpload } from '../../test/uploads.ts';
import { UPLOAD_READ_JOB } from './upload-job-types.ts';

describe.each(testEngines)('uploads in a reply (%s)', (engine) => {
  let t: TestApp;
  let me: CreatedUser & LoggedIn;
  let account: string;
  let letterId: string;

  beforeEach(async () => {
    t = await createTestApp(engine, { ACCOUNT_QUOTA_BYTES: String(64 * 1024) });
    me = await createLoggedInUser(t.app);
    account = personalAccountOf(me);
    const { apiKey } = await createTestProvider(t.app);
    letterId = await deliverTestLetter(t.app, apiKey, me.email, { subject: 'Your contract' });
  });
  afterEach(async () => t.close());

  const reply = (parts: MultipartPart[]) => {
    const body = multipart([
      { name: 'subject', value: 'Re: Your contract' },
      { name: 'body', value: 'Please find the documents attached.' },
      ...parts,
    ]);
    return t.app.inject({
      method: 'POST',
      url: `/api/letters/${letterId}/replies`,
      headers: { ...me.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const uploads = async () =>
    (
      await t.app.inject({
        url: `/api/uploads?account_id=${account}`,
        headers: { cookie: me.cookie },
      })
    )
      .json()
      .uploads.map((upload: { name: string }) => upload.name)
      .toSorted();

  it('attaches existing uploads, and keeps a file from the computer as a new upload', async () => {
    const pdf = await samplePdf('Signed contract');
    const upload = await storeUpload(t.app, me, {
      accountId: account,
      name: 'contract.pdf',
      bytes: pdf,
    });
    const response = await reply([
      { name: 'attachment', filename: 'photo.png', content: TINY_PNG, contentType: 'image/png' },
      { name: 'upload_ids', value: upload },
    ]);
    expect(response.statusCode).toBe(201);
    const documents = response.json().documents;
    expect(documents.map((document: { filename: string }) => document.filename)).toEqual([
      'photo.png',
      'contract.pdf',
    ]);
    const attached = await t.app.inject({
      url: `/api/letters/${response.json().id}/documents/${documents[1].id}/content`,
      headers: { cookie: me.cookie },
    });
    expect(attached.rawPayload).toEqual(pdf);
    expect(await uploads()).toEqual(['contract.pdf', 'photo.png']);
    const photo = await t.app.db
      .selectFrom('uploads')
      .selectAll()
      .where('name', '=', 'photo.png')
      .executeTakeFirstOrThrow();
    expect(photo).toMatchObject({
      status: 'stored',
      content_type: 'image/png',
      created_by_user_id: me.user.id,
    });
    const jobs = await t.app.db
      .selectFrom('jobs')
      .select('payload')
      .where('type', '=', UPLOAD_READ_JOB)
      .execute();
    expect(jobs.map((job) => JSON.parse(job.payload))).toContainEqual({ upload_id: photo.id });
    // Attaching the same file again adds no second upload.
    expect(
      (
        await reply([
          {
            name: 'attachment',
            filename: 'again.png',
            content: TINY_PNG,
            contentType: 'image/png',
          },
        ])
      ).statusCode,
    ).toBe(201);
    expect(await uploads()).toEqual(['contract.pdf', 'photo.png']);
  });

  it('refuses uploads of other accounts, in the trash, or not fit for a letter', async () => {
    const stranger = await createLoggedInUser(t.app);
    const foreign = await storeUpload(t.app, stranger, {
      accountId: personalAccountOf(stranger),
      name: 'theirs.png',
      bytes: TINY_PNG,
    });
    expect((await reply([{ name: 'upload_ids', value: foreign }])).statusCode).toBe(404);
    const table = await storeUpload(t.app, me, {
      accountId: account,
      name: 'costs.csv',
      bytes: Buffer.from('item,amount\nrent,900\npower,80\n'),
    });
    const refused = await reply([{ name: 'upload_ids', value: table }]);
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toContain('“costs.csv”');
    const trashed = await storeUpload(t.app, me, {
      accountId: account,
      name: 'old.png',
      bytes: TINY_PNG,
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/uploads/trash',
      headers: me.headers,
      payload: { account_id: account, ids: [trashed] },
    });
    expect((await reply([{ name: 'upload_ids', value: trashed }])).statusCode).toBe(404);
  });

  it('counts a file from the computer in the quota, and says so when it is full', async () => {
    // Room for 100 more bytes: less than any PDF.
    await storeUpload(t.app, me, {
      accountId: account,
      name: 'big.txt',
      bytes: Buffer.from('w'.repeat(64 * 1024 - 100)),
    });
    const pdf = await samplePdf('One page too many');
    const response = await reply([{ name: 'attachment', filename: 'extra.pdf', content: pdf }]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      message: expect.stringContaining('“extra.pdf”'),
    });
    const letters = await t.app.db
      .selectFrom('letters')
      .select('id')
      .where('in_reply_to', '=', letterId)
      .execute();
    expect(letters).toEqual([]);
  });
});
