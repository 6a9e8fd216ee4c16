import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
  REPLY_ATTACHMENT_TYPES,
  replyFieldsSchema,
} from '@kuvert/shared/letters';
import { AppError } from '../../plugins/app-error.ts';
import { readMultipart } from '../../plugins/multipart-reader.ts';
import { maxFileBytes } from '../../plugins/storage-quota.ts';
import { assertCan } from '../../plugins/account-policy.ts';
import { inspectUploadedDocuments } from '../../documents/document-inspection.ts';
import { discardUploads } from '../../documents/document-collection.ts';
import { findLetterOfUser, type LetterOfUser } from '../letters/letters.service.ts';
import {
  announceNewUploads,
  findUploadsToAttach,
  recordAttachedFilesAsUploads,
} from '../uploads/upload-attachments.service.ts';
import { announceOutboundLetters, writeOutboundLetters } from './outbound-letter-writes.service.ts';
import {
  findLetterOfCopy,
  loadSender,
  resolveRecipients,
  type OutboundSender,
  type ResolvedRecipient,
} from './outbound-letters.service.ts';

const REPLY_TEXT_MAX_BYTES = 128 * 1024;

/**
 * A reply to a letter: an outbound letter in the same account. To a provider's letter, it is
 * delivered at once: it appears in their GET /messages and, if they have a webhook, as
 * `message.received`. To a letter from another Kuvert user, a copy lands in their inbox. It carries files from the computer (each also kept as an
 * upload of the account) and uploads the account already has. Answers the reply's id.
 */
export async function replyToLetter(
  app: FastifyInstance,
  userId: string,
  letterId: string,
  request: FastifyRequest,
): Promise<string> {
  // Access first, so nobody can store files through a letter that is not theirs.
  const original = await findLetterOfUser(app, userId, letterId);
  if (!original) throw new AppError('NOT_FOUND');
  assertCan(original.role, 'send');
  if (original.direction !== 'inbound') {
    throw new AppError('CONFLICT', { message: 'Only letters you received can be answered.' });
  }
  const sender = await loadSender(app, userId, original.account_id);
  // From a provider: back to the provider. From a Kuvert user: into their inbox, answering
  // the letter they wrote.
  const recipient = await replyRecipient(app, sender, original);

  const upload = await readMultipart(request, app.documents, {
    fileField: 'attachment',
    minFiles: 0,
    maxFiles: MAX_ATTACHMENTS,
    maxFileBytes: maxFileBytes(app, MAX_ATTACHMENT_BYTES),
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
  const files = await inspectUploadedDocuments(app, upload.files, 'attachment', {
    fairnessKey: `account:${original.account_id}`,
  }).catch(discardOnError);
  const attachedUploads = await findUploadsToAttach(
    app,
    original.account_id,
    fields.data.upload_ids,
  ).catch(discardOnError);

  const nowIso = app.clock.now().toISOString();
  const [newUploads, written] = await app.db
    .transaction()
    .execute(async (trx) => {
      const result = await writeOutboundLetters(
        app,
        trx,
        [
          {
            sender,
            subject: fields.data.subject,
            body: fields.data.body,
            documents: [...files, ...attachedUploads],
            recipients: [recipient],
            inReplyTo: original.id,
            providerId: original.provider_id,
          },
        ],
        nowIso,
      );
      const uploads = await recordAttachedFilesAsUploads(app, trx, {
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
      return [uploads, result] as const;
    })
    .catch(discardOnError);
  await announceOutboundLetters(app, written);
  await announceNewUploads(app, original.account_id, newUploads);
  return written.letters[0]?.id ?? '';
}

async function replyRecipient(
  app: FastifyInstance,
  sender: OutboundSender,
  original: LetterOfUser,
): Promise<ResolvedRecipient> {
  if (original.provider_id !== null) {
    const [recipient] = await resolveRecipients(app, sender, [
      { channel: 'provider', provider_id: original.provider_id },
    ]);
    if (recipient) return recipient;
  }
  if (original.sender_email !== null) {
    const [recipient] = await resolveRecipients(app, sender, [
      { channel: 'kuvert', email: original.sender_email },
    ]);
    if (recipient?.channel === 'kuvert') {
      return {
        ...recipient,
        copyInReplyTo: await findLetterOfCopy(app, original.id, recipient.accountId),
      };
    }
  }
  throw new AppError('CONFLICT', { message: 'This letter has nobody to answer.' });
}
