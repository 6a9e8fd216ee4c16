import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FORM_LIMITS, FORM_TOKEN_TTL_SECONDS, type FormFile } from '@kuvert/shared/forms';
import { createLoggedInUser, type CreatedUser, type LoggedIn } from '../../test/factories.ts';
import {
  MOVING_FORM,
  createTestDraft,
  publishTestForm,
  unpublishTestForm,
} from '../../test/forms.ts';
import { issueUploadToken, postAccountFile, postPublicFile } from '../../test/form-submissions.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { javaScriptPdf } from '@kuvert/test-fixtures/hostile-pdfs';
import {
  createSharedAccount,
  addMember,
  createTestProvider,
  multipart,
  personalAccountOf,
  samplePdf,
  storedDocumentKeys,
} from '../../test/mailbox.ts';
import { TINY_PNG, storeUpload } from '../../test/uploads.ts';
import { COLLECT_GRACE_SECONDS } from '../../documents/document-collection.ts';
import { ACCOUNT_FILE_TTL_SECONDS } from './form-files.service.ts';
import { expireFormFiles } from './form-submission-jobs.ts';

type User = CreatedUser & LoggedIn;

describe.each(testEngines)('forms: files for file fields (%s)', (engine) => {
  let t: TestApp;
  let providerId: string;
  let formId: string;
  let pdf: Buffer;

  beforeEach(async () => {
    t = await createTestApp(engine);
    providerId = (await createTestProvider(t.app)).provider.id;
    formId = await publishTestForm(t.app, providerId, MOVING_FORM);
    pdf = await samplePdf('Proof');
  });
  afterEach(async () => t.close());

  const fileRows = () => t.app.db.selectFrom('form_files').selectAll().execute();

  /** Stored bytes once the grace period of a just-stored file is over. */
  async function keysAfterGrace(): Promise<string[]> {
    t.clock.advanceSeconds(COLLECT_GRACE_SECONDS + 61);
    while ((await t.app.jobs.runDueJobs()) > 0);
    return storedDocumentKeys(t.config.dataDir);
  }

  it('judges a file by its content: a PNG named .pdf is refused by a PDF-only field (415, naming it)', async () => {
    const token = await issueUploadToken(t.app, formId);
    const response = await postPublicFile(
      t.app,
      formId,
      token,
      { filename: 'scan.pdf', content: TINY_PNG, contentType: 'application/pdf' },
      { field: 'proof' },
    );
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: expect.stringContaining('“scan.pdf” is not a PDF'),
      details: [{ path: 'file', filename: 'scan.pdf' }],
    });
    // For the photos field, the same bytes are a PNG and welcome.
    const photo = await postPublicFile(
      t.app,
      formId,
      token,
      { filename: 'scan.pdf', content: TINY_PNG },
      { field: 'photos' },
    );
    expect(photo.statusCode).toBe(201);
    expect(photo.json<FormFile>().content_type).toBe('image/png');
    expect(await fileRows()).toHaveLength(1);
  });

  it('refuses a file over the limit with 413 naming it, and keeps nothing', async () => {
    const token = await issueUploadToken(t.app, formId);
    const big = Buffer.concat([pdf, Buffer.alloc(FORM_LIMITS.maxFileBytes + 1 - pdf.length, 0x20)]);
    const response = await postPublicFile(
      t.app,
      formId,
      token,
      { filename: 'huge scan.pdf', content: big },
      { field: 'proof' },
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: expect.stringContaining('“huge scan.pdf” is larger than 10 MB'),
      details: [{ filename: 'huge scan.pdf' }],
    });
    expect(await fileRows()).toEqual([]);
    expect(await keysAfterGrace()).toEqual([]);
  });

  it('refuses a PDF with JavaScript (422 DOCUMENT_ACTIVE_CONTENT) and keeps nothing', async () => {
    const token = await issueUploadToken(t.app, formId);
    const response = await postPublicFile(
      t.app,
      formId,
      token,
      { filename: 'invoice.pdf', content: javaScriptPdf() },
      { field: 'proof' },
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'DOCUMENT_ACTIVE_CONTENT',
      message: expect.stringContaining('“invoice.pdf” contains JavaScript'),
      details: [{ filename: 'invoice.pdf', active_content: ['javascript'] }],
    });
    expect(await fileRows()).toEqual([]);
    expect(await keysAfterGrace()).toEqual([]);
  });

  it('refuses a web page that is a PDF too (markup before %PDF-), and keeps nothing', async () => {
    const token = await issueUploadToken(t.app, formId);
    const polyglot = Buffer.concat([Buffer.from('<html><script>alert(1)</script>\n'), pdf]);
    const response = await postPublicFile(
      t.app,
      formId,
      token,
      { filename: 'letter.pdf', content: polyglot },
      { field: 'proof' },
    );
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toContain('“letter.pdf” is not a file Kuvert keeps');
    expect(await fileRows()).toEqual([]);
    expect(await keysAfterGrace()).toEqual([]);
  });

  it('answers a multipart body cut off mid-file with 400, and keeps nothing', async () => {
    const token = await issueUploadToken(t.app, formId);
    const body = multipart([{ name: 'file', filename: 'cut.pdf', content: pdf }]);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/public/forms/${formId}/files?field=proof`,
      headers: { 'content-type': body.contentType, 'kuvert-form-token': token },
      payload: body.payload.subarray(0, body.payload.length - Math.floor(pdf.length / 2)),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('Malformed multipart body'),
    });
    expect(await fileRows()).toEqual([]);
    expect(await keysAfterGrace()).toEqual([]);
  });

  it('needs a live token of this form for an anonymous file', async () => {
    const otherFormId = await publishTestForm(t.app, providerId, MOVING_FORM);
    const otherToken = await issueUploadToken(t.app, otherFormId);
    const token = await issueUploadToken(t.app, formId);
    const file = { filename: 'proof.pdf', content: pdf };
    const forged = `${token.split('.')[0]}.${Math.floor(Date.now() / 1000) + 10 ** 6}.${token.split('.')[2]}`;
    for (const candidate of [undefined, 'nonsense', otherToken, forged]) {
      const response = await postPublicFile(t.app, formId, candidate, file);
      expect({ candidate, status: response.statusCode, code: response.json().code }).toEqual({
        candidate,
        status: 400,
        code: 'TOKEN_INVALID',
      });
    }
    t.clock.advanceSeconds(FORM_TOKEN_TTL_SECONDS + 1);
    const expired = await postPublicFile(t.app, formId, token, file);
    expect(expired.json().code).toBe('TOKEN_INVALID');
    expect(await fileRows()).toEqual([]);
  });

  it('stores only the hash of the token, and no account, on an anonymous file', async () => {
    const token = await issueUploadToken(t.app, formId);
    expect(
      (await postPublicFile(t.app, formId, token, { filename: 'a.pdf', content: pdf })).statusCode,
    ).toBe(201);
    const [row] = await fileRows();
    expect(row?.account_id).toBeNull();
    expect(row?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('takes at most the limit of files per token, even when they arrive at once', async () => {
    const token = await issueUploadToken(t.app, formId);
    const responses = await Promise.all(
      Array.from({ length: FORM_LIMITS.maxFiles + 5 }, (_, index) =>
        postPublicFile(t.app, formId, token, {
          filename: `page-${index}.pdf`,
          content: Buffer.concat([pdf, Buffer.from(`\n% ${index}\n`)]),
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).toSorted();
    expect(statuses).toEqual([
      ...Array<number>(FORM_LIMITS.maxFiles).fill(201),
      ...Array<number>(5).fill(422),
    ]);
    expect(await fileRows()).toHaveLength(FORM_LIMITS.maxFiles);
    // A new token of the same visitor starts afresh.
    const next = await issueUploadToken(t.app, formId);
    expect(
      (await postPublicFile(t.app, formId, next, { filename: 'b.pdf', content: pdf })).statusCode,
    ).toBe(201);
  });

  it('limits upload tokens per address', async () => {
    const responses = [];
    for (let index = 0; index < 31; index += 1) {
      responses.push(
        await t.app.inject({
          method: 'POST',
          url: `/api/public/forms/${formId}/upload-token`,
          remoteAddress: '198.51.100.9',
        }),
      );
    }
    expect(responses.slice(0, 30).every((response) => response.statusCode === 201)).toBe(true);
    expect(responses[30]?.statusCode).toBe(429);
    expect(responses[30]?.headers['retry-after']).toBeDefined();
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: `/api/public/forms/${formId}/upload-token`,
      remoteAddress: '198.51.100.10',
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('keeps anonymous files of forms that are not public, or withdrawn, out', async () => {
    const privateFormId = await publishTestForm(t.app, providerId, {
      ...MOVING_FORM,
      public: false,
    });
    const token = await t.app.inject({
      method: 'POST',
      url: `/api/public/forms/${privateFormId}/upload-token`,
    });
    expect(token.statusCode).toBe(404);
    const valid = await issueUploadToken(t.app, formId);
    await unpublishTestForm(t.app, formId);
    const file = await postPublicFile(t.app, formId, valid, { filename: 'a.pdf', content: pdf });
    expect(file.statusCode).toBe(410);
    expect(file.json().code).toBe('FORM_UNPUBLISHED');
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/public/forms/${formId}/upload-token`,
    });
    expect(again.statusCode).toBe(410);
  });

  it('removes anonymous files and their bytes once expired, but keeps a file a draft still names', async () => {
    const token = await issueUploadToken(t.app, formId);
    const anonymous = await postPublicFile(t.app, formId, token, {
      filename: 'visitor.pdf',
      content: Buffer.concat([pdf, Buffer.from('\n% visitor\n')]),
    });
    expect(anonymous.statusCode).toBe(201);
    const me = await createLoggedInUser(t.app);
    const accountId = personalAccountOf(me);
    const kept = await postAccountFile(t.app, me, formId, accountId, {
      filename: 'mine.pdf',
      content: pdf,
    });
    const dropped = await postAccountFile(t.app, me, formId, accountId, {
      filename: 'replaced.png',
      content: TINY_PNG,
    });
    await createTestDraft(t.app, {
      accountId,
      userId: me.user.id,
      formId,
      data: { proof: kept.json<FormFile>().id },
    });
    expect(storedDocumentKeys(t.config.dataDir)).toHaveLength(3);

    t.clock.advanceSeconds(FORM_TOKEN_TTL_SECONDS + 1);
    expect(await expireFormFiles(t.app)).toBe(1);
    t.clock.advanceSeconds(ACCOUNT_FILE_TTL_SECONDS);
    expect(await expireFormFiles(t.app)).toBe(1);
    const left = await fileRows();
    expect(left.map((row) => row.filename)).toEqual(['mine.pdf']);
    expect(await keysAfterGrace()).toEqual([left[0]?.storage_key]);
    expect(dropped.statusCode).toBe(201);
  });

  describe('logged in', () => {
    let me: User;
    let accountId: string;

    beforeEach(async () => {
      me = await createLoggedInUser(t.app);
      accountId = personalAccountOf(me);
    });

    it('takes a file for an account the caller may write in; a viewer may not, a stranger finds nothing', async () => {
      const ok = await postAccountFile(t.app, me, formId, accountId, {
        filename: 'proof.pdf',
        content: pdf,
      });
      expect(ok.statusCode).toBe(201);
      const shared = await createSharedAccount(t.app, me.user.id);
      const viewer = await createLoggedInUser(t.app);
      await addMember(t.app, shared, viewer.user.id, 'viewer');
      const asViewer = await postAccountFile(t.app, viewer, formId, shared, {
        filename: 'proof.pdf',
        content: pdf,
      });
      expect(asViewer.statusCode).toBe(403);
      const stranger = await createLoggedInUser(t.app);
      const asStranger = await postAccountFile(t.app, stranger, formId, accountId, {
        filename: 'proof.pdf',
        content: pdf,
      });
      expect(asStranger.statusCode).toBe(404);
      const unknownForm = await postAccountFile(t.app, me, 'no-such-form', accountId, {
        filename: 'proof.pdf',
        content: pdf,
      });
      expect(unknownForm.statusCode).toBe(404);
    });

    it('names the field a file is for, and refuses a field that takes no files', async () => {
      const response = await postAccountFile(
        t.app,
        me,
        formId,
        accountId,
        { filename: 'proof.pdf', content: pdf },
        'full_name',
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('no file field “full_name”');
    });

    it('takes an upload by reference, by the field’s rules, and keeps its bytes while the form file needs them', async () => {
      const pngUpload = await storeUpload(t.app, me, {
        accountId,
        name: 'photo.png',
        bytes: TINY_PNG,
      });
      const intoPdfField = await t.app.inject({
        method: 'POST',
        url: `/api/forms/${formId}/files/from-upload`,
        headers: me.headers,
        payload: { account_id: accountId, upload_id: pngUpload, field: 'proof' },
      });
      expect(intoPdfField.statusCode).toBe(415);
      expect(intoPdfField.json().message).toContain('“photo.png” cannot go here');

      const stranger = await createLoggedInUser(t.app);
      const foreign = await t.app.inject({
        method: 'POST',
        url: `/api/forms/${formId}/files/from-upload`,
        headers: stranger.headers,
        payload: { account_id: personalAccountOf(stranger), upload_id: pngUpload },
      });
      expect(foreign.statusCode).toBe(404);

      const taken = await t.app.inject({
        method: 'POST',
        url: `/api/forms/${formId}/files/from-upload`,
        headers: me.headers,
        payload: { account_id: accountId, upload_id: pngUpload, field: 'photos' },
      });
      expect(taken.statusCode).toBe(201);

      // The upload goes for good; the form file still refers to the bytes.
      const trash = await t.app.inject({
        method: 'POST',
        url: '/api/uploads/trash',
        headers: me.headers,
        payload: { account_id: accountId, ids: [pngUpload] },
      });
      expect(trash.statusCode).toBeLessThan(300);
      const removal = await t.app.inject({
        method: 'DELETE',
        url: `/api/trash/uploads/${pngUpload}`,
        headers: me.headers,
      });
      expect(removal.statusCode).toBe(204);
      const [row] = await fileRows();
      expect(await keysAfterGrace()).toContain(row?.storage_key);
    });
  });
});
