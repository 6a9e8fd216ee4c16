import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
  REPLY_ATTACHMENT_TYPES,
  replyFieldsSchema,
  type LetterDetail,
} from '@kuvert/shared/letters';
import { newId } from '../../db/ids.ts';
import { AppError } from '../../plugins/app-error.ts';
import { readMultipart } from '../../plugins/multipart-reader.ts';
import { assertRole } from '../accounts/accounts.service.ts';
import { enqueueWebhook } from '../providers/provider-webhooks.service.ts';
import { updateSearchIndex } from '../search/search-index.service.ts';
import { publishLiveEvent } from '../events/events.service.ts';
import {
  announceNewUploads,
  findUploadsToAttach,
  recordAttachedFilesAsUploads,
} from '../uploads/upload-attachments.service.ts';
import { inspectUploadedDocuments } from './document-inspection.ts';
import { insertDocumentsForReading } from './letter-delivery.service.ts';
import { discardUploads } from './letter-removal.service.ts';
import { findLetterForUser, insertLetter } from './letters.repository.ts';
import { getLetterDetail } from './letters.service.ts';

const REPLY_TEXT_MAX_BYTES = 128 * 1024;

/**
 * A reply to a provider's letter: an outbound letter in the same account. The provider is on
 * Kuvert, so it is delivered at once: it appears in their GET /messages and, if they have a
 * webhook, as `message.received`. It carries files from the computer (each also kept as an
 * upload of the account) and uploads the account already has.
 */
export async function replyToLetter(
  app: FastifyInstance,
  userId: string,
  letterId: string,
  request: FastifyRequest,
): Promise<LetterDetail> {
  // Access first, so nobody can store files through a letter that is not theirs.
  const original = await findLetterForUser(app.db, userId, letterId);
  if (!original) throw new AppError('NOT_FOUND');
  assertRole(original.role, 'member');
  if (original.direction !== 'inbound') {
    throw new AppError('CONFLICT', { message: 'Only letters from a provider can be answered.' });
  }

  const upload = await readMultipart(request, app.documents, {
    fileField: 'attachment',
    minFiles: 0,
    maxFiles: MAX_ATTACHMENTS,
    maxFileBytes: MAX_ATTACHMENT_BYTES,
    accepted: REPLY_ATTACHMENT_TYPES,
    textFields: ['subject', 'body'],
    maxTextBytes: REPLY_TEXT_MAX_BYTES,
    listFields: ['upload_ids'],
    maxListItems: MAX_ATTACHMENTS,
    discard: (keys) => discardUploads(app, keys),
  });
  const keys = upload.files.map((file) => file.key);
  const discardOnError = async (error: unknown): Promise<never> => {
    await discardUploads(app, keys);
    throw error;
  };
  const fields = replyFieldsSchema.safeParse({ ...upload.fields, ...upload.lists });
  if (!fields.success) {
    await discardUploads(app, keys);
    throw new AppError('VALIDATION_FAILED', {
      details: fields.error.issues.map((issue) => ({
        path: issue.path.join('.'),
        message: issue.message,
      })),
    });
  }
  if (upload.files.length + fields.data.upload_ids.length > MAX_ATTACHMENTS) {
    await discardUploads(app, keys);
    throw new AppError('VALIDATION_FAILED', {
      details: [{ path: 'attachment', message: `At most ${MAX_ATTACHMENTS} attachments` }],
    });
  }
  const files = await inspectUploadedDocuments(app, upload.files, 'attachment').catch(
    discardOnError,
  );
  const attachedUploads = await findUploadsToAttach(
    app,
    original.account_id,
    fields.data.upload_ids,
  ).catch(discardOnError);

  const now = app.clock.now();
  const nowIso = now.toISOString();
  const id = newId(now.getTime());
  const newUploads = await app.db
    .transaction()
    .execute(async (trx) => {
      await insertLetter(trx, {
        id,
        account_id: original.account_id,
        provider_id: original.provider_id,
        direction: 'outbound',
        kind: 'letter',
        subject: fields.data.subject,
        body: fields.data.body,
        external_id: null,
        recipient_email: null,
        in_reply_to: original.id,
        delivery_status: 'delivered',
        delivery_failure_reason: null,
        read_at: nowIso,
        folder_id: null,
        trashed_at: null,
        created_by_user_id: userId,
        invoice_amount: null,
        invoice_currency: null,
        invoice_due_date: null,
        invoice_iban: null,
        invoice_bic: null,
        invoice_reference: null,
        signature_due_date: null,
        created_at: nowIso,
      });
      await insertDocumentsForReading(app, trx, id, [...files, ...attachedUploads], nowIso);
      await updateSearchIndex(app, trx, id);
      await enqueueWebhook(app, trx, {
        providerId: original.provider_id,
        type: 'message.received',
        data: { message_id: id, in_reply_to: original.id, subject: fields.data.subject },
      });
      return recordAttachedFilesAsUploads(app, trx, {
        accountId: original.account_id,
        userId,
        files: files.map((file) => ({
          key: file.key,
          size: file.size,
          filename: file.filename,
          contentType: file.contentType,
          pageCount: file.pageCount,
        })),
        nowIso,
      });
    })
    .catch(discardOnError);
  await publishLiveEvent(app, { type: 'letters.changed', account_id: original.account_id });
  await announceNewUploads(app, original.account_id, newUploads);
  return getLetterDetail(app, userId, id);
}
