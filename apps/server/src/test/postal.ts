import type { FastifyInstance } from 'fastify';
import type { PostalAddressInput } from '@kuvert/shared/postal';
import { newId } from '../db/ids.ts';
import { queuePrintRendering } from '../modules/postal/print-queue.ts';

/**
 * Postal letters written straight into the tables, as the send API (modules/outbox) writes
 * them: the letter, its documents and its postal recipients (`queued`), with the render job.
 */

export interface PostalLetterInput {
  accountId: string;
  userId: string;
  subject?: string;
  body?: string;
  recipients: PostalAddressInput[];
  attachments?: Array<{ filename: string; contentType: string; bytes: Buffer }>;
}

export interface WrittenPostalLetter {
  letterId: string;
  recipientIds: string[];
}

export async function writePostalLetter(
  app: FastifyInstance,
  input: PostalLetterInput,
): Promise<WrittenPostalLetter> {
  const now = app.clock.now().toISOString();
  const letterId = newId();
  const stored: Array<{ filename: string; contentType: string; bytes: Buffer; key: string }> = [];
  for (const attachment of input.attachments ?? []) {
    stored.push({
      ...attachment,
      key: (await app.documents.put(attachment.bytes, { maxBytes: 50 * 1024 * 1024 })).key,
    });
  }
  const recipientIds = input.recipients.map(() => newId());
  await app.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('letters')
      .values({
        id: letterId,
        account_id: input.accountId,
        provider_id: null,
        direction: 'outbound',
        kind: 'letter',
        subject: input.subject ?? 'A letter',
        body: input.body ?? 'Hello.',
        external_id: null,
        recipient_email: null,
        in_reply_to: null,
        delivery_status: 'queued',
        delivery_failure_reason: null,
        read_at: now,
        folder_id: null,
        trashed_at: null,
        created_by_user_id: input.userId,
        invoice_amount: null,
        invoice_currency: null,
        invoice_due_date: null,
        invoice_iban: null,
        invoice_bic: null,
        invoice_reference: null,
        signature_due_date: null,
        created_at: now,
      })
      .execute();
    for (const [position, attachment] of stored.entries()) {
      await trx
        .insertInto('letter_documents')
        .values({
          id: newId(),
          letter_id: letterId,
          position,
          filename: attachment.filename,
          content_type: attachment.contentType,
          size: attachment.bytes.length,
          storage_key: attachment.key,
          page_count: null,
          text: null,
          extracted_at: null,
          text_status: 'pending',
          text_failure: null,
          created_at: now,
        })
        .execute();
    }
    for (const [position, recipient] of input.recipients.entries()) {
      await trx
        .insertInto('letter_recipients')
        .values({
          id: recipientIds[position] ?? '',
          letter_id: letterId,
          position,
          channel: 'postal',
          provider_id: null,
          email: null,
          user_id: null,
          delivered_letter_id: null,
          contact_id: null,
          name: recipient.name,
          organisation: recipient.organisation ?? '',
          street: recipient.street,
          postcode: recipient.postcode,
          city: recipient.city,
          country: recipient.country,
          status: 'queued',
          failure_reason: null,
          print_storage_key: null,
          print_page_count: null,
          print_batch_id: null,
          delivered_at: null,
          printed_at: null,
          sent_at: null,
          failed_at: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    await queuePrintRendering(app, trx, recipientIds);
  });
  return { letterId, recipientIds };
}

/** Runs jobs until none is due. */
export async function runAllJobs(app: FastifyInstance): Promise<void> {
  while ((await app.jobs.runDueJobs()) > 0);
}
