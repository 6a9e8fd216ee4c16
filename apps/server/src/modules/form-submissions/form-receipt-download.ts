import type { FastifyInstance } from 'fastify';
import { AppError } from '../../plugins/app-error.ts';
import type { SendableDocument } from '../../plugins/send-document.ts';
import { isReceiptKeyValid } from './form-receipt-keys.ts';
import { findReceiptDocument } from './form-submissions.repository.ts';
import { findSubmission, type SubmissionRow } from './submission-details.ts';

/** A submission's PDF, once made; 409 while it is being made or when it never will be. */
export async function openReceipt(
  app: FastifyInstance,
  submission: Pick<SubmissionRow, 'id' | 'reference' | 'status'>,
): Promise<SendableDocument> {
  const document = await findReceiptDocument(app.db, submission.id);
  if (!document) {
    throw new AppError('CONFLICT', {
      message:
        submission.status === 'failed'
          ? 'This submission could not be delivered, so it has no receipt.'
          : 'The receipt is still being made; try again in a moment.',
    });
  }
  return {
    filename: `${submission.reference}.pdf`,
    contentType: document.content_type,
    size: Number(document.size),
    etag: `"${document.storage_key}"`,
    range: undefined,
    stream: await app.documents.open(document.storage_key),
  };
}

/**
 * GET /api/public/form-submissions/{id}/receipt?key=…: an anonymous visitor's PDF, for the
 * browser that sent the answers (it got the key in the answer to its submit). A wrong or
 * expired key is 404, as is a submission made by an account (its members have their own way).
 */
export async function openPublicReceipt(
  app: FastifyInstance,
  submissionId: string,
  key: string,
): Promise<SendableDocument> {
  if (!isReceiptKeyValid(app, submissionId, key)) throw new AppError('NOT_FOUND');
  const submission = await findSubmission(app.db, submissionId);
  if (!submission || submission.account_id !== null) throw new AppError('NOT_FOUND');
  return openReceipt(app, submission);
}
