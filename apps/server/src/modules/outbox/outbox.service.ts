import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { sendLetterRequestSchema } from '@kuvert/shared/outbox';
import { AppError } from '../../plugins/app-error.ts';
import { publishLiveEvent } from '../events/events.service.ts';
import { findUploadsToAttach } from '../uploads/upload-attachments.service.ts';
import { announceOutboundLetters, writeOutboundLetters } from './outbound-letter-writes.service.ts';
import {
  assertPrintable,
  loadSender,
  refuseRecipientProblems,
  resolveRecipientsEach,
} from './outbound-letters.service.ts';
import { deleteDraft, findDraftForUser } from './outbox.repository.ts';

export type SendLetterInput = z.output<typeof sendLetterRequestSchema>;

const draftGone = () =>
  new AppError('NOT_FOUND', {
    message: 'This draft was sent or deleted meanwhile.',
    details: [{ path: 'draft_id', message: 'No such draft' }],
  });

/**
 * Sends a composed letter now (POST /api/outbox/letters): every recipient is checked before
 * anything is written; then the letter, its recipients and their deliveries commit together,
 * with the draft it was written in deleted in the same transaction. A draft is sent once: of
 * two sends naming it, the second finds it gone (404) and writes nothing. Answers the id of
 * the letter sent.
 */
export async function sendLetter(
  app: FastifyInstance,
  userId: string,
  input: SendLetterInput,
): Promise<string> {
  const sender = await loadSender(app, userId, input.account_id);
  const resolutions = await resolveRecipientsEach(app, sender, input.recipients);
  // Whether an address has a Kuvert account is the last thing a refused send says: every
  // problem that is the same for any address (another recipient, an attachment, the draft)
  // answers first, so a send that writes nothing cannot tell who is on Kuvert.
  refuseRecipientProblems(resolutions, { except: 'no account' });
  const documents = await findUploadsToAttach(app, input.account_id, input.upload_ids);
  assertPrintable(documents, refuseRecipientProblems(resolutions, { except: 'no account' }));
  if (input.draft_id !== undefined) {
    const draft = await findDraftForUser(app.db, userId, input.draft_id);
    if (draft?.account_id !== input.account_id) throw draftGone();
  }
  const recipients = refuseRecipientProblems(resolutions);

  const nowIso = app.clock.now().toISOString();
  const draftId = input.draft_id;
  const written = await app.db.transaction().execute(async (trx) => {
    // First, so parallel sends of one draft queue behind the row lock (PostgreSQL) or the
    // write lock (SQLite), and all but one find nothing to delete.
    if (draftId !== undefined && !(await deleteDraft(trx, input.account_id, draftId))) {
      throw draftGone();
    }
    return writeOutboundLetters(
      app,
      trx,
      [
        {
          sender,
          subject: input.subject,
          body: input.body,
          documents,
          recipients,
          printLanguage: input.print_language,
        },
      ],
      nowIso,
    );
  });
  await announceOutboundLetters(app, written);
  if (draftId !== undefined) {
    await publishLiveEvent(app, { type: 'letter_drafts.changed', account_id: input.account_id });
  }
  return written.letters[0]?.id ?? '';
}
