import { z } from 'zod';

/**
 * Server-sent events on GET /api/events. Each event names what changed; the client refetches
 * what it shows. Only events of the caller's accounts are sent.
 */
export const liveEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('letter.created'),
    account_id: z.string(),
    letter_id: z.string(),
    subject: z.string(),
    /** The provider's name, or the name of the Kuvert user who wrote. */
    sender_name: z.string(),
  }),
  z.object({ type: z.literal('letters.changed'), account_id: z.string() }),
  z.object({ type: z.literal('folders.changed'), account_id: z.string() }),
  z.object({ type: z.literal('invoices.changed'), account_id: z.string() }),
  /** An upload was added, read, renamed, trashed or restored. */
  z.object({
    type: z.literal('uploads.changed'),
    account_id: z.string(),
    upload_id: z.string().nullable(),
  }),
  /** A signer signed or declined, or the request was sealed, expired or cancelled. */
  z.object({
    type: z.literal('signatures.changed'),
    account_id: z.string(),
    letter_id: z.string(),
  }),
  /** A contact was added, changed, imported, trashed or restored. */
  z.object({ type: z.literal('contacts.changed'), account_id: z.string() }),
  /** A draft was saved, sent or deleted. */
  z.object({ type: z.literal('letter_drafts.changed'), account_id: z.string() }),
  /** A form draft was saved or deleted, or a submission was made, delivered or failed. */
  z.object({ type: z.literal('forms.changed'), account_id: z.string() }),
  /** A case file or one of its items was created, changed, moved, trashed or restored. */
  z.object({ type: z.literal('case_files.changed'), account_id: z.string() }),
  /** A mail merge advanced (sent at most a few times a second) or finished. */
  z.object({
    type: z.literal('mail_merge.progress'),
    account_id: z.string(),
    mail_merge_id: z.string(),
    status: z.enum(['running', 'done', 'failed', 'cancelled']),
    processed_rows: z.number().int(),
    total_rows: z.number().int(),
  }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;
