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
    provider_name: z.string(),
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
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;
