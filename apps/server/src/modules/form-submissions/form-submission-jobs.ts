import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { isFormAnswers, type FormSubmittedWebhookData } from '@kuvert/shared/forms';
import { newId } from '../../db/ids.ts';
import type { Database } from '../../db/schema.ts';
import { PermanentJobError } from '../../plugins/jobs.ts';
import { ProcessingError } from '../../plugins/processing/document-processing.ts';
import { publishLiveEvent } from '../events/events.service.ts';
import { collectUnreferencedDocuments } from '../../documents/document-collection.ts';
import { getFormVersion } from '../forms/form-access.service.ts';
import { enqueueWebhook } from '../providers/provider-webhooks.service.ts';
import {
  deleteUnattachedFiles,
  findExpiredFiles,
  findFilesOfSubmission,
} from './form-files.repository.ts';
import { receiptPdfInput } from './form-receipt-content.ts';
import { formReceiptMail } from './form-receipt-mail.ts';
import {
  FORM_DELIVERY_JOB,
  FORM_FILES_EXPIRY_JOB,
  FORM_RECEIPT_MAIL_JOB,
} from './form-submission-job-types.ts';
import {
  insertSubmissionDocuments,
  markDelivered,
  markFailed,
} from './form-submissions.repository.ts';
import { findSubmission, type SubmissionRow } from './submission-details.ts';
import { filesNamedIn, parseVersion } from './form-versions.ts';

const payloadSchema = z.object({
  submission_id: z.string().min(1),
  mail_receipt: z.boolean().default(false),
});
/** A receipt PDF is text on pages; this is far above what the answers' size limit allows. */
const RECEIPT_MAX_BYTES = 64 * 1024 * 1024;
const EXPIRY_BATCH = 500;

function parsePayload(payload: unknown): z.infer<typeof payloadSchema> {
  const parsed = payloadSchema.safeParse(payload);
  if (!parsed.success) throw new PermanentJobError('Malformed job payload');
  return parsed.data;
}

const submissionIdOf = (payload: unknown): string => parsePayload(payload).submission_id;

/** Where the provider downloads a document of the submission with its API key. */
function documentUrl(app: FastifyInstance, submissionId: string, documentId: string): string {
  return `${app.config.publicUrl}/api/sender/v1/messages/${encodeURIComponent(submissionId)}/documents/${encodeURIComponent(documentId)}`;
}

async function renderReceipt(app: FastifyInstance, submission: SubmissionRow) {
  const versionRow = await getFormVersion(app, submission.form_id, submission.form_version);
  if (!versionRow) throw new PermanentJobError('The version the form was filled against is gone');
  const version = parseVersion(versionRow);
  const files = await findFilesOfSubmission(app.db, submission.id);
  const filenames = new Map(files.map((file) => [file.id, file.filename]));
  const input = receiptPdfInput(submission, version, filenames, app.config.timeZone);
  try {
    const pdf = await app.processing.renderFormPdf(input);
    return { pdf, version, files };
  } catch (error) {
    if (!(error instanceof ProcessingError)) throw error;
    throw new PermanentJobError(`The PDF of the answers could not be made: ${error.message}`, {
      cause: error,
    });
  }
}

/**
 * Runs the delivery's transaction; its PDF is removed again when the transaction fails (each
 * rendering embeds its font subset under a new name, so a retry stores other bytes).
 */
async function writeDelivery(
  app: FastifyInstance,
  pdfKey: string,
  write: (trx: Kysely<Database>) => Promise<boolean>,
): Promise<boolean> {
  try {
    return await app.db.transaction().execute(write);
  } catch (error) {
    await collectUnreferencedDocuments(app, [pdfKey]).catch(() => {});
    throw error;
  }
}

/**
 * Delivers a submission to its provider: the PDF (made in the processing pool) stored as the
 * receipt, the attached files after it (each document keeps the form file's id, so the ids in
 * `data` name the documents), status delivered, the signed `form.submitted` webhook and the
 * receipt mail queued, all in one transaction that only a submission still processing passes:
 * a second run of the job changes nothing.
 */
async function deliverSubmission(app: FastifyInstance, payload: unknown): Promise<void> {
  const job = parsePayload(payload);
  const submission = await findSubmission(app.db, job.submission_id);
  if (submission?.status !== 'processing') return;
  const { pdf, version, files } = await renderReceipt(app, submission);
  const stored = await app.documents.put(Buffer.from(pdf.bytes), { maxBytes: RECEIPT_MAX_BYTES });
  const now = app.clock.now();
  const nowIso = now.toISOString();
  const receiptId = newId(now.getTime());
  const byId = new Map(files.map((file) => [file.id, file]));
  const answers: unknown = JSON.parse(submission.data);
  // Stored only after checkAnswers, which takes nothing but an object.
  const data = isFormAnswers(answers) ? answers : {};
  const named = filesNamedIn(version.fields, data);
  const attachments = named.flatMap(({ field, id }) => {
    const file = byId.get(id);
    return file ? [{ file, field: field.path }] : [];
  });
  const webhook: FormSubmittedWebhookData = {
    message_id: submission.id,
    reference: submission.reference,
    form: { id: submission.form_id, version: Number(submission.form_version) },
    data,
    submitted_at: submission.created_at,
    pdf_url: documentUrl(app, submission.id, receiptId),
  };
  const isDelivered = await writeDelivery(app, stored.key, async (trx) => {
    if (!(await markDelivered(trx, submission.id, nowIso))) return false;
    await insertSubmissionDocuments(trx, [
      {
        id: receiptId,
        submission_id: submission.id,
        position: 0,
        kind: 'receipt',
        field: null,
        filename: `${submission.reference}.pdf`,
        content_type: 'application/pdf',
        size: stored.size,
        storage_key: stored.key,
        created_at: nowIso,
      },
      ...attachments.map(({ file, field }, index) => ({
        id: file.id,
        submission_id: submission.id,
        position: index + 1,
        kind: 'attachment' as const,
        field,
        filename: file.filename,
        content_type: file.content_type,
        size: Number(file.size),
        storage_key: file.storage_key,
        created_at: nowIso,
      })),
    ]);
    await enqueueWebhook(app, trx, {
      providerId: submission.provider_id,
      type: 'form.submitted',
      data: webhook,
    });
    if (job.mail_receipt && submission.submitter_email !== null) {
      await app.jobs.enqueue(trx, {
        type: FORM_RECEIPT_MAIL_JOB,
        payload: { submission_id: submission.id },
      });
    }
    return true;
  });
  if (!isDelivered) {
    // Another run delivered it first: its PDF is the one kept.
    await collectUnreferencedDocuments(app, [stored.key]);
    return;
  }
  if (submission.account_id !== null) {
    await publishLiveEvent(app, { type: 'forms.changed', account_id: submission.account_id });
  }
}

async function recordFailure(app: FastifyInstance, payload: unknown, reason: string) {
  const submissionId = submissionIdOf(payload);
  const submission = await findSubmission(app.db, submissionId);
  if (!submission) return;
  if (!(await markFailed(app.db, submissionId, reason.slice(0, 500)))) return;
  app.log.warn({ submissionId, reason }, 'form submission could not be delivered');
  if (submission.account_id !== null) {
    await publishLiveEvent(app, { type: 'forms.changed', account_id: submission.account_id });
  }
}

/** The confirmation e-mail of an anonymous visitor: no answers, no PDF (form-receipt-mail.ts). */
async function mailReceipt(app: FastifyInstance, payload: unknown): Promise<void> {
  const submission = await findSubmission(app.db, submissionIdOf(payload));
  if (!submission?.submitter_email) return;
  await app.mailer.send(
    formReceiptMail({
      to: submission.submitter_email,
      language: submission.language,
      providerName: submission.provider_name,
      formTitle: submission.form_title,
      reference: submission.reference,
      submittedAt: submission.created_at,
      timeZone: app.config.timeZone,
    }),
  );
}

/** Removes unattached files past their expiry, and their bytes unless something else has them. */
export async function expireFormFiles(app: FastifyInstance): Promise<number> {
  let removed = 0;
  for (;;) {
    const expired = await findExpiredFiles(app.db, app.clock.now().toISOString(), EXPIRY_BATCH);
    if (expired.length === 0) return removed;
    removed += await deleteUnattachedFiles(
      app.db,
      expired.map((file) => file.id),
    );
    await collectUnreferencedDocuments(
      app,
      expired.map((file) => file.storage_key),
    );
    if (expired.length < EXPIRY_BATCH) return removed;
  }
}

export function registerFormSubmissionJobs(app: FastifyInstance): void {
  app.jobs.register(FORM_DELIVERY_JOB, (payload) => deliverSubmission(app, payload), {
    onGiveUp: (payload, reason) => recordFailure(app, payload, reason),
  });
  app.jobs.register(FORM_RECEIPT_MAIL_JOB, (payload) => mailReceipt(app, payload));
  // Hourly, once for the whole cluster, like the temporary files' clean-up.
  app.jobs.every({
    type: FORM_FILES_EXPIRY_JOB,
    period: 'hour',
    run: async () => {
      const removed = await expireFormFiles(app);
      if (removed > 0) app.log.info({ removed }, 'expired form files removed');
    },
  });
}
