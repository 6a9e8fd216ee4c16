import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLoggedInUser, type CreatedUser, type LoggedIn } from '../../test/factories.ts';
import { MOVING_FORM, publishTestForm } from '../../test/forms.ts';
import { issueUploadToken, postAccountFile, postPublicFile } from '../../test/form-submissions.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { createTestProvider, personalAccountOf, samplePdf } from '../../test/mailbox.ts';
import { createTusUpload, storeUpload } from '../../test/uploads.ts';

const QUOTA = 200_000;
const MAX_FILE = 100_000;

/** A readable PDF of exactly `size` bytes (a comment pads it). */
function pdfOfSize(pdf: Buffer, size: number, mark: string): Buffer {
  const head = Buffer.concat([pdf, Buffer.from(`\n% ${mark} `)]);
  return Buffer.concat([head, Buffer.alloc(size - head.length - 1, 0x41), Buffer.from('\n')]);
}

const statusesOf = (responses: Array<{ statusCode: number }>) =>
  responses.map((response) => response.statusCode).toSorted();

describe.each(testEngines)('files of form fields count like uploads (%s)', (engine) => {
  let t: TestApp;
  let formId: string;
  let pdf: Buffer;
  let me: CreatedUser & LoggedIn;
  let account: string;

  beforeEach(async () => {
    t = await createTestApp(engine, {
      UPLOAD_MAX_BYTES: String(MAX_FILE),
      ACCOUNT_QUOTA_BYTES: String(QUOTA),
    });
    const providerId = (await createTestProvider(t.app)).provider.id;
    formId = await publishTestForm(t.app, providerId, MOVING_FORM);
    pdf = await samplePdf('Proof');
    me = await createLoggedInUser(t.app);
    account = personalAccountOf(me);
  });
  afterEach(async () => t.close());

  const usedBytes = async () =>
    (
      await t.app.inject({
        url: `/api/uploads/usage?account_id=${account}`,
        headers: { cookie: me.cookie },
      })
    ).json<{ used_bytes: number }>().used_bytes;

  it('refuses a file larger than UPLOAD_MAX_BYTES, logged in or not (413)', async () => {
    const big = pdfOfSize(pdf, MAX_FILE + 1, 'big');
    const mine = await postAccountFile(t.app, me, formId, account, {
      filename: 'big.pdf',
      content: big,
    });
    expect(mine.statusCode).toBe(413);
    expect(mine.json().code).toBe('PAYLOAD_TOO_LARGE');
    const token = await issueUploadToken(t.app, formId);
    const anonymous = await postPublicFile(t.app, formId, token, {
      filename: 'big.pdf',
      content: big,
    });
    expect(anonymous.statusCode).toBe(413);
    expect(await t.app.db.selectFrom('form_files').selectAll().execute()).toEqual([]);
  });

  it("counts an account's form files in its quota, together with its uploads", async () => {
    for (const mark of ['one', 'two']) {
      const response = await postAccountFile(t.app, me, formId, account, {
        filename: `${mark}.pdf`,
        content: pdfOfSize(pdf, 90_000, mark),
      });
      expect(response.statusCode).toBe(201);
    }
    expect(await usedBytes()).toBe(180_000);
    const third = await postAccountFile(t.app, me, formId, account, {
      filename: 'three.pdf',
      content: pdfOfSize(pdf, 90_000, 'three'),
    });
    expect(third.statusCode).toBe(413);
    expect(third.json()).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      message: expect.stringContaining('“three.pdf”'),
    });
    const upload = await createTusUpload(t.app, me, {
      accountId: account,
      name: 'notes.txt',
      length: 30_000,
    });
    expect(upload.statusCode).toBe(413);
    expect(upload.json().code).toBe('QUOTA_EXCEEDED');
  });

  it('counts a file picked from the uploads once: it is the same bytes', async () => {
    const uploadId = await storeUpload(t.app, me, {
      accountId: account,
      name: 'proof.pdf',
      bytes: pdfOfSize(pdf, 90_000, 'upload'),
    });
    const picked = await t.app.inject({
      method: 'POST',
      url: `/api/forms/${formId}/files/from-upload`,
      headers: me.headers,
      payload: { account_id: account, upload_id: uploadId, field: 'proof' },
    });
    expect(picked.statusCode).toBe(201);
    expect(await usedBytes()).toBe(90_000);
  });

  it('holds when 10 files arrive at once: no more than fit are kept', async () => {
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        postAccountFile(t.app, me, formId, account, {
          filename: `page-${index}.pdf`,
          content: pdfOfSize(pdf, 45_000, `page ${index}`),
        }),
      ),
    );
    expect(statusesOf(responses)).toEqual([201, 201, 201, 201, 413, 413, 413, 413, 413, 413]);
    expect(await usedBytes()).toBe(4 * 45_000);
  });

  it('holds when uploads and form files race for the last room together', async () => {
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        index % 2 === 0
          ? createTusUpload(t.app, me, {
              accountId: account,
              name: `u-${index}.txt`,
              length: 45_000,
            })
          : postAccountFile(t.app, me, formId, account, {
              filename: `f-${index}.pdf`,
              content: pdfOfSize(pdf, 45_000, `f ${index}`),
            }),
      ),
    );
    expect(statusesOf(responses).filter((status) => status === 201)).toHaveLength(4);
    expect(await usedBytes()).toBe(4 * 45_000);
  });

  it("holds anonymous files of a provider's forms to one quota, also when they arrive at once", async () => {
    const tokens = await Promise.all(
      ['203.0.113.1', '203.0.113.2'].map((address) => issueUploadToken(t.app, formId, address)),
    );
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        postPublicFile(
          t.app,
          formId,
          tokens[index % 2],
          { filename: `scan-${index}.pdf`, content: pdfOfSize(pdf, 45_000, `scan ${index}`) },
          { remoteAddress: `203.0.113.${(index % 2) + 1}` },
        ),
      ),
    );
    expect(statusesOf(responses)).toEqual([201, 201, 201, 201, 413, 413, 413, 413, 413, 413]);
    const refused = responses.find((response) => response.statusCode === 413);
    expect(refused?.json().code).toBe('QUOTA_EXCEEDED');
  });
});
