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

/**
 * Besides the LiveEvents, the stream sends two named events of its own. Each event carries an
 * `id:`; a client that reconnects names the last one it saw (the `Last-Event-ID` header, which
 * an EventSource sends on its own, or `?last_event_id=`) and is sent what it missed, in order.
 *
 * - `sync` (`data: {}`): the stream is current up to its id. Sent once the missed events are
 *   sent, and with every heartbeat, so that a quiet stream's last id stays recent.
 * - `reset` (`data: {"reason": …}`): what was missed cannot be sent (the id is older than the
 *   replay window, unknown or malformed, or too much was missed); refetch everything.
 */
export const liveStreamEvents = { sync: 'sync', reset: 'reset' } as const;

export const liveStreamResetSchema = z.object({
  reason: z.enum(['expired', 'unknown', 'too_many']),
});
export type LiveStreamReset = z.infer<typeof liveStreamResetSchema>;

/** GET /api/events?last_event_id=…: for a client that cannot set the Last-Event-ID header. */
export const liveEventStreamQuerySchema = z.object({
  last_event_id: z.string().optional(),
});
