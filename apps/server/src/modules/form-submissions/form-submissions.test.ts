import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  formSubmittedWebhookDataSchema,
  type FormFile,
  type FormSubmissionPage,
  type FormSubmissionSummary,
  type PublicFormReceipt,
} from '@kuvert/shared/forms';
import { verifyWebhookSignature } from '../../lib/webhooks.ts';
import { createLoggedInUser, type CreatedUser, type LoggedIn } from '../../test/factories.ts';
import { MOVING_FORM, createTestDraft, publishTestForm } from '../../test/forms.ts';
import {
  issueUploadToken,
  pdfText,
  postAccountFile,
  postPublicFile,
} from '../../test/form-submissions.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import {
  VALID_IBAN,
  createTestProvider,
  personalAccountOf,
  samplePdf,
} from '../../test/mailbox.ts';
import { runAllJobs } from '../../test/postal.ts';
import { TINY_PNG, storeUpload } from '../../test/uploads.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.ts';
import { FORM_DELIVERY_JOB } from './form-submission-job-types.ts';

type User = CreatedUser & LoggedIn;

/** Answers to MOVING_FORM that pass every rule; files are added by each test. */
const ANSWERS = {
  full_name: 'Zoë Łukasiewicz',
  email: 'zoe@example.org',
  moved_on: '2026-05-31',
  iban: VALID_IBAN,
  tariff: 'green',
  paperless: true,
  address: { street: 'Heidestraße 17', city: 'Köln' },
  consent: true,
};

/** Each label with its answer as the PDF prints it (in English). */
const PRINTED_EN = [
  ['Full name', 'Zoë Łukasiewicz'],
  ['E-mail address', 'zoe@example.org'],
  ['Moving date', '2026-05-31'],
  ['IBAN for refunds', VALID_IBAN],
  ['Tariff', 'Green electricity'],
  ['Paperless billing', 'Yes'],
  ['Street and number', 'Heidestraße 17'],
  ['City', 'Köln'],
  ['I confirm the answers are true', 'Yes'],
] as const;

/** The lines of a PDF's text, trimmed, without blank ones. */
const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** Each label is on its own line, and its answer on the next. */
function expectLabelsAndAnswers(text: string, pairs: ReadonlyArray<readonly [string, string]>) {
  const lines = linesOf(text);
  for (const [label, answer] of pairs) {
    const at = lines.indexOf(label);
    expect({ label, found: at >= 0 }).toEqual({ label, found: true });
    expect({ label, answer: lines[at + 1] }).toEqual({ label, answer });
  }
}

/** A webhook's JSON body: `type` and `data` are read from it. */
const webhookBodySchema = z.record(z.string(), z.unknown());

describe.each(testEngines)('forms: submitting and delivery (%s)', (engine) => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let webhookSecret: string;
  let formId: string;

  beforeEach(async () => {
    t = await createTestApp(engine);
    receiver = await startWebhookReceiver();
    const created = await createTestProvider(t.app, {
      name: 'Stadtwerke Köln',
      webhookUrl: receiver.url,
    });
    webhookSecret = created.webhookSecret ?? '';
    formId = await publishTestForm(t.app, created.provider.id, MOVING_FORM);
  });
  afterEach(async () => {
    await receiver.close();
    await t.close();
  });

  const webhooksOf = (type: string) =>
    receiver.received
      .map((request) => ({ request, body: webhookBodySchema.parse(JSON.parse(request.body)) }))
      .filter(({ body }) => body.type === type);

  it('takes an anonymous visitor’s files and answers, and delivers them: PDF, signed webhook, receipt mail in their language', async () => {
    const token = await issueUploadToken(t.app, formId);
    const proof = await postPublicFile(
      t.app,
      formId,
      token,
      { filename: 'Meldebescheinigung.pdf', content: await samplePdf('Residence') },
      { field: 'proof' },
    );
    expect(proof.statusCode).toBe(201);
    const proofFile = proof.json<FormFile>();
    expect(proofFile).toMatchObject({
      filename: 'Meldebescheinigung.pdf',
      content_type: 'application/pdf',
    });
    const photo = await postPublicFile(
      t.app,
      formId,
      token,
      { filename: 'meter.png', content: TINY_PNG, contentType: 'image/png' },
      { field: 'photos' },
    );
    expect(photo.statusCode).toBe(201);
    const photoFile = photo.json<FormFile>();

    const data = { ...ANSWERS, proof: proofFile.id, photos: [photoFile.id] };
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/public/forms/${formId}/submissions`,
      remoteAddress: '203.0.113.10',
      payload: {
        form_version: 1,
        data,
        token,
        receipt_email: 'zoe@example.org',
        language: 'de',
      },
    });
    expect(response.statusCode).toBe(201);
    const receipt = response.json<PublicFormReceipt>();
    expect(receipt.reference).toMatch(/^F-\d{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(receipt.receipt_emailed).toBe(true);

    await runAllJobs(t.app);

    // The provider is told, signed with its secret, with the answers as validated.
    const [event] = webhooksOf('form.submitted');
    if (!event) throw new Error('no form.submitted webhook');
    expect(
      verifyWebhookSignature({
        secret: webhookSecret,
        header: String(event.request.headers['kuvert-signature']),
        body: event.request.body,
        now: t.clock.now(),
      }),
    ).toBe(true);
    const delivered = formSubmittedWebhookDataSchema.parse(event.body.data);
    expect(delivered).toMatchObject({
      reference: receipt.reference,
      form: { id: formId, version: 1 },
      data,
      submitted_at: receipt.submitted_at,
    });
    expect(delivered.pdf_url).toMatch(
      new RegExp(`/api/sender/v1/messages/${delivered.message_id}/documents/[0-9a-f-]{36}$`),
    );

    // The PDF first, then the files, whose ids are the ids the answers hold.
    const documents = await t.app.db
      .selectFrom('form_submission_documents')
      .select(['id', 'kind', 'position', 'field', 'filename'])
      .where('submission_id', '=', delivered.message_id)
      .orderBy('position')
      .execute();
    expect(documents).toEqual([
      expect.objectContaining({
        kind: 'receipt',
        position: 0,
        filename: `${receipt.reference}.pdf`,
      }),
      {
        id: proofFile.id,
        kind: 'attachment',
        position: 1,
        field: 'proof',
        filename: 'Meldebescheinigung.pdf',
      },
      { id: photoFile.id, kind: 'attachment', position: 2, field: 'photos', filename: 'meter.png' },
    ]);
    expect(delivered.pdf_url.endsWith(`/documents/${documents[0]?.id}`)).toBe(true);

    // The visitor's confirmation: German, without the answers; the same PDF downloads from
    // the page that sent them.
    const mail = t.mailer.lastTo('zoe@example.org');
    expect(mail.subject).toBe(`Bestätigung zu „Change of address“ – ${receipt.reference}`);
    expect(mail.text).toContain('Stadtwerke Köln hat am');
    expect(mail.attachments ?? []).toEqual([]);
    const download = await t.app.inject({ url: receipt.receipt_url });
    expect(download.headers['content-disposition']).toContain(`${receipt.reference}.pdf`);
    const text = pdfText(download.rawPayload);
    expect(text).toContain('Formular-Einreichung');
    expect(text).toContain('Change of address');
    expect(text).toMatch(/Anbieter\s+Stadtwerke Köln/);
    expect(text).toMatch(new RegExp(`Referenz\\s+${receipt.reference}`));
    expect(text).toContain('New address');
    expectLabelsAndAnswers(
      text,
      PRINTED_EN.map(([label, answer]) => [label, answer === 'Yes' ? 'Ja' : answer] as const),
    );
    expectLabelsAndAnswers(text, [
      ['Proof of residence', 'Meldebescheinigung.pdf'],
      ['Meter photos', 'meter.png'],
    ]);

    const row = await t.app.db
      .selectFrom('form_submissions')
      .select(['status', 'delivered_at', 'account_id', 'submitter_email', 'language'])
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'delivered',
      account_id: null,
      submitter_email: 'zoe@example.org',
      language: 'de',
    });
    expect(row.delivered_at).not.toBeNull();
  });

  it('does it all once when the delivery job runs twice', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/public/forms/${formId}/submissions`,
      payload: { form_version: 1, data: ANSWERS, receipt_email: 'twice@example.org' },
    });
    expect(response.statusCode).toBe(201);
    const job = await t.app.db
      .selectFrom('jobs')
      .select('payload')
      .where('type', '=', FORM_DELIVERY_JOB)
      .executeTakeFirstOrThrow();
    // The same job queued again, as a worker that lost its claim would run it.
    await t.app.jobs.enqueue(t.app.db, {
      type: FORM_DELIVERY_JOB,
      payload: JSON.parse(job.payload),
    });
    await runAllJobs(t.app);
    await t.app.jobs.enqueue(t.app.db, {
      type: FORM_DELIVERY_JOB,
      payload: JSON.parse(job.payload),
    });
    await runAllJobs(t.app);

    const documents = await t.app.db
      .selectFrom('form_submission_documents')
      .select('kind')
      .execute();
    expect(documents).toEqual([{ kind: 'receipt' }]);
    expect(webhooksOf('form.submitted')).toHaveLength(1);
    expect(t.mailer.sent.filter((mail) => mail.to === 'twice@example.org')).toHaveLength(1);
  });

  it('sends no receipt mail when the visitor gave no address', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/public/forms/${formId}/submissions`,
      payload: { form_version: 1, data: ANSWERS },
    });
    expect(response.json<PublicFormReceipt>().receipt_emailed).toBe(false);
    await runAllJobs(t.app);
    expect(t.mailer.sent.filter((mail) => mail.attachments)).toEqual([]);
    expect(webhooksOf('form.submitted')).toHaveLength(1);
  });

  it('documents the routes and the form.submitted payload in the OpenAPI document', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/forms/{formId}/files',
        '/api/forms/{formId}/files/from-upload',
        '/api/forms/{formId}/submissions',
        '/api/form-submissions',
        '/api/form-submissions/{id}/receipt',
        '/api/public/forms/{formId}/upload-token',
        '/api/public/forms/{formId}/files',
        '/api/public/forms/{formId}/submissions',
      ]),
    );
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining([
        'FormFile',
        'FormSubmissionSummary',
        'PublicFormReceipt',
        'SenderWebhookFormSubmitted',
      ]),
    );
  });

  describe('logged in', () => {
    let me: User;
    let accountId: string;

    beforeEach(async () => {
      me = await createLoggedInUser(t.app, { firstName: 'Jana', lastName: 'Nowak' });
      accountId = personalAccountOf(me);
    });

    const submissionsOf = async (user: User, account: string) => {
      const response = await t.app.inject({
        url: `/api/form-submissions?account_id=${account}`,
        headers: { cookie: user.cookie },
      });
      expect(response.statusCode).toBe(200);
      return response.json<FormSubmissionPage>();
    };

    it('submits a draft with a file from the computer and one from the uploads, then shows the submission and its receipt', async () => {
      const draftId = await createTestDraft(t.app, {
        accountId,
        userId: me.user.id,
        formId,
        data: { full_name: 'Jana Nowak' },
      });
      const proof = await postAccountFile(
        t.app,
        me,
        formId,
        accountId,
        { filename: 'lease.pdf', content: await samplePdf('Lease') },
        'proof',
      );
      expect(proof.statusCode).toBe(201);
      const uploadId = await storeUpload(t.app, me, {
        accountId,
        name: 'meter reading.png',
        bytes: TINY_PNG,
      });
      const fromUpload = await t.app.inject({
        method: 'POST',
        url: `/api/forms/${formId}/files/from-upload`,
        headers: me.headers,
        payload: { account_id: accountId, upload_id: uploadId, field: 'photos' },
      });
      expect(fromUpload.statusCode).toBe(201);
      const photo = fromUpload.json<FormFile>();
      expect(photo).toMatchObject({ filename: 'meter reading.png', content_type: 'image/png' });
      // The same stored bytes, not a copy.
      const keys = await t.app.db
        .selectFrom('form_files as f')
        .innerJoin('uploads as u', 'u.id', 'f.upload_id')
        .select(['f.storage_key as fileKey', 'u.storage_key as uploadKey'])
        .where('f.id', '=', photo.id)
        .executeTakeFirstOrThrow();
      expect(keys.fileKey).toBe(keys.uploadKey);

      const response = await t.app.inject({
        method: 'POST',
        url: `/api/forms/${formId}/submissions`,
        headers: me.headers,
        payload: {
          account_id: accountId,
          form_version: 1,
          draft_id: draftId,
          data: { ...ANSWERS, proof: proof.json<FormFile>().id, photos: [photo.id] },
        },
      });
      expect(response.statusCode).toBe(201);
      const summary = response.json<FormSubmissionSummary>();
      expect(summary).toMatchObject({
        form: { id: formId, title: 'Change of address', version: 1 },
        provider: { name: 'Stadtwerke Köln' },
        status: 'processing',
        submitted_by_name: 'Jana Nowak',
        receipt_url: null,
      });
      const drafts = await t.app.db.selectFrom('form_drafts').select('id').execute();
      expect(drafts).toEqual([]);

      // Not ready yet: the receipt is being made.
      const early = await t.app.inject({
        url: `/api/form-submissions/${summary.id}/receipt`,
        headers: { cookie: me.cookie },
      });
      expect(early.statusCode).toBe(409);

      await runAllJobs(t.app);
      const page = await submissionsOf(me, accountId);
      expect(page.items).toEqual([
        expect.objectContaining({
          id: summary.id,
          status: 'delivered',
          receipt_url: `/api/form-submissions/${summary.id}/receipt`,
        }),
      ]);
      const pdf = await t.app.inject({
        url: page.items[0]?.receipt_url ?? '',
        headers: { cookie: me.cookie },
      });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const text = pdfText(pdf.rawPayload);
      expect(text).toContain('Form submission');
      expect(text).toMatch(/Submitted by\s+Jana Nowak, /);
      expectLabelsAndAnswers(text, [
        ...PRINTED_EN,
        ['Proof of residence', 'lease.pdf'],
        ['Meter photos', 'meter reading.png'],
      ]);
      // A logged-in person finds their receipt in Kuvert; no mail.
      expect(t.mailer.sent.filter((mail) => mail.attachments)).toEqual([]);
      expect(webhooksOf('form.submitted')).toHaveLength(1);
    });

    it('shows a submission to the account only', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/forms/${formId}/submissions`,
        headers: me.headers,
        payload: { account_id: accountId, form_version: 1, data: ANSWERS },
      });
      const summary = response.json<FormSubmissionSummary>();
      await runAllJobs(t.app);
      const stranger = await createLoggedInUser(t.app);
      const receipt = await t.app.inject({
        url: `/api/form-submissions/${summary.id}/receipt`,
        headers: { cookie: stranger.cookie },
      });
      expect(receipt.statusCode).toBe(404);
      const list = await t.app.inject({
        url: `/api/form-submissions?account_id=${accountId}`,
        headers: { cookie: stranger.cookie },
      });
      expect(list.statusCode).toBe(404);
      expect((await submissionsOf(stranger, personalAccountOf(stranger))).items).toEqual([]);
    });

    it('pages through submissions newest first', async () => {
      const ids: string[] = [];
      for (let index = 0; index < 5; index += 1) {
        t.clock.advanceSeconds(60);
        const response = await t.app.inject({
          method: 'POST',
          url: `/api/forms/${formId}/submissions`,
          headers: me.headers,
          payload: { account_id: accountId, form_version: 1, data: ANSWERS },
        });
        ids.push(response.json<FormSubmissionSummary>().id);
      }
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = cursor ? `&cursor=${cursor}` : '';
        const response = await t.app.inject({
          url: `/api/form-submissions?account_id=${accountId}&limit=2${query}`,
          headers: { cookie: me.cookie },
        });
        const page = response.json<FormSubmissionPage>();
        seen.push(...page.items.map((item) => item.id));
        cursor = page.next_cursor;
      } while (cursor);
      expect(seen).toEqual(ids.toReversed());
    });
  });
});
