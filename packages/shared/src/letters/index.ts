import { z } from 'zod';
import { shownText } from '../text/index.ts';
// Not '../invoices/index.ts': that one imports this file.
import { invoiceStatusSchema } from '../invoices/status.ts';
import { letterSignatureSchema } from '../signatures/letter-signature.ts';
import { letterRecipientSchema, letterRecipientSummarySchema } from '../outbox/letter-recipient.ts';
import { deliveryStatusSchema } from './delivery-status.ts';

export const letterKinds = ['letter', 'invoice', 'signature_request'] as const;
export const letterKindSchema = z.enum(letterKinds);
export type LetterKind = z.infer<typeof letterKindSchema>;

/**
 * inbound: a provider or another Kuvert user wrote to the account; outbound: the account wrote
 * (to providers, Kuvert users or postal addresses).
 */
export const letterDirectionSchema = z.enum(['inbound', 'outbound']);
export type LetterDirection = z.infer<typeof letterDirectionSchema>;

export {
  deliveryStatuses,
  deliveryStatusSchema,
  overallDeliveryStatus,
  type DeliveryStatus,
} from './delivery-status.ts';

export const letterViews = ['inbox', 'unread', 'outbox', 'trash', 'folder'] as const;
export const letterViewSchema = z.enum(letterViews);
export type LetterView = z.infer<typeof letterViewSchema>;

export const LETTER_PAGE_SIZE = 50;
export const LETTER_SUBJECT_MAX_LENGTH = 200;
export const LETTER_BODY_MAX_LENGTH = 20_000;

export const providerRefSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    has_logo: z.boolean(),
    is_verified: z.boolean(),
  })
  .meta({ id: 'ProviderRef' });
export type ProviderRef = z.infer<typeof providerRefSchema>;

/** Money in minor units (cents) with its ISO 4217 currency. */
export const moneySchema = z.object({
  amount: z.number().int(),
  currency: z.string().length(3),
});
export type Money = z.infer<typeof moneySchema>;

export const letterSummarySchema = z
  .object({
    id: z.string(),
    account_id: z.string(),
    direction: letterDirectionSchema,
    kind: letterKindSchema,
    subject: z.string(),
    excerpt: z.string().describe('The first words of the body'),
    provider: providerRefSchema
      .nullable()
      .describe(
        'inbound: the provider that sent it; outbound: the provider a reply went to. Null for letters between Kuvert users and for composed letters (see sender_person, recipients)',
      ),
    sender_person: z
      .object({ name: z.string(), email: z.string() })
      .nullable()
      .describe('inbound from another Kuvert user: who wrote it'),
    recipients: z
      .array(letterRecipientSummarySchema)
      .describe('outbound: each recipient and its delivery status; empty for inbound letters'),
    created_at: z.iso.datetime(),
    is_read: z.boolean(),
    folder_id: z.string().nullable(),
    trashed_at: z.iso.datetime().nullable(),
    document_count: z.number().int(),
    delivery_status: deliveryStatusSchema,
    invoice: z
      .object({
        amount: z.number().int(),
        currency: z.string(),
        due_date: z.iso.date(),
        status: invoiceStatusSchema.describe('`overdue` decided by the server, in its time zone'),
        is_overdue: z
          .boolean()
          .describe(
            'Unpaid and the due date has passed (also while a payment is pending or failed)',
          ),
      })
      .nullable(),
  })
  .meta({ id: 'LetterSummary' });
export type LetterSummary = z.infer<typeof letterSummarySchema>;

/** Where reading a document's text stands: PDFs are read in the processing pool after delivery. */
export const documentTextStatuses = ['pending', 'extracted', 'failed', 'not_applicable'] as const;
export const documentTextStatusSchema = z.enum(documentTextStatuses);
export type DocumentTextStatus = z.infer<typeof documentTextStatusSchema>;

/**
 * Why a document's text could not be read. The document itself still opens and downloads.
 * `unreadable`: broken or locked; `too_many_pages`, `too_much_data` (decompresses beyond the
 * limit), `timeout`, `memory`: a processing limit; `crashed`: the reader stopped unexpectedly.
 */
export const documentTextFailures = [
  'unreadable',
  'too_many_pages',
  'too_much_data',
  'timeout',
  'memory',
  'crashed',
] as const;
export const documentTextFailureSchema = z.enum(documentTextFailures);
export type DocumentTextFailure = z.infer<typeof documentTextFailureSchema>;

/** original: as the provider or user sent it; sealed: Kuvert's sealed copy of a signature request. */
export const letterDocumentRoles = ['original', 'sealed'] as const;
export const letterDocumentRoleSchema = z.enum(letterDocumentRoles);
export type LetterDocumentRole = z.infer<typeof letterDocumentRoleSchema>;

export const letterDocumentSchema = z
  .object({
    id: z.string(),
    role: letterDocumentRoleSchema,
    filename: z.string(),
    content_type: z.string(),
    size: z.number().int(),
    page_count: z.number().int().nullable(),
    text_status: documentTextStatusSchema,
    text_failure: documentTextFailureSchema
      .nullable()
      .describe('Set when text_status is failed: which limit the document broke'),
  })
  .meta({ id: 'LetterDocument' });
export type LetterDocument = z.infer<typeof letterDocumentSchema>;

/** Someone who acted on a letter, and when: in a shared mailbox, not always the caller. */
export const letterActorSchema = z
  .object({
    name: z.string(),
    is_you: z.boolean(),
    at: z.iso.datetime(),
    day_only: z
      .boolean()
      .describe('Only the day is known (an invoice marked paid elsewhere on a day the user gave)'),
  })
  .meta({ id: 'LetterActor' });
export type LetterActor = z.infer<typeof letterActorSchema>;

/** Who read, paid or signed the letter (DESIGN §9): a shared mailbox shows the others' steps. */
export const letterActivitySchema = z
  .object({
    read: letterActorSchema
      .nullable()
      .describe('Who read it first; null while unread and for letters read before it was kept'),
    paid: letterActorSchema
      .nullable()
      .describe('Who paid the invoice or marked it paid; null unless paid'),
    signed: z
      .array(letterActorSchema)
      .describe(
        "Who signed this letter: the signer whose copy of the request it is, once they signed (the request's other signers are in signature.signers)",
      ),
  })
  .meta({ id: 'LetterActivity' });
export type LetterActivity = z.infer<typeof letterActivitySchema>;

export const letterDetailSchema = letterSummarySchema
  .extend({
    body: z.string(),
    documents: z.array(letterDocumentSchema),
    in_reply_to: z.string().nullable(),
    read_at: z.iso.datetime().nullable(),
    activity: letterActivitySchema,
    delivery_failure_reason: z.string().nullable(),
    replies: z.array(letterSummarySchema),
    recipients: z.array(letterRecipientSchema),
    signature: letterSignatureSchema
      .nullable()
      .describe('The signature request and its signers; null unless kind is signature_request'),
    form: z
      .object({
        id: z.string(),
        provider_id: z.string(),
        title: z.string(),
        available: z.boolean(),
      })
      .nullable()
      .describe(
        'A form of the provider the letter asks the reader to fill out; available: still published',
      ),
  })
  .meta({ id: 'LetterDetail' });
export type LetterDetail = z.infer<typeof letterDetailSchema>;

export const letterListQuerySchema = z.object({
  account_id: z.string().min(1),
  view: letterViewSchema.default('inbox'),
  folder_id: z.string().optional(),
  provider_id: z.string().optional(),
  cursor: z.string().optional().describe('Opaque; from next_cursor of the previous page'),
  limit: z.coerce.number().int().min(1).max(100).default(LETTER_PAGE_SIZE),
});
export type LetterListQuery = z.input<typeof letterListQuerySchema>;

export const letterPageSchema = z
  .object({
    items: z.array(letterSummarySchema),
    next_cursor: z.string().nullable(),
  })
  .meta({ id: 'LetterPage' });
export type LetterPage = z.infer<typeof letterPageSchema>;

/**
 * Which list the letter was opened from: its neighbours are the letters just newer and just
 * older in that list. Without a view, the list the letter sits in now (inbox, its folder,
 * the outbox or the trash).
 */
export const letterNeighboursQuerySchema = z.object({
  view: letterViewSchema.optional(),
  folder_id: z.string().optional(),
  provider_id: z.string().optional(),
});
export type LetterNeighboursQuery = z.infer<typeof letterNeighboursQuerySchema>;

export const letterNeighbourSchema = z.object({
  id: z.string(),
  direction: letterDirectionSchema,
  subject: z.string(),
});
export type LetterNeighbour = z.infer<typeof letterNeighbourSchema>;

export const letterNeighboursSchema = z
  .object({
    newer: letterNeighbourSchema.nullable().describe('The letter just above it in the list'),
    older: letterNeighbourSchema.nullable().describe('The letter just below it in the list'),
  })
  .meta({ id: 'LetterNeighbours' });
export type LetterNeighbours = z.infer<typeof letterNeighboursSchema>;

export const bulkLetterActions = [
  'mark_read',
  'mark_unread',
  'move',
  'trash',
  'restore',
  'delete_forever',
] as const;
export const bulkLetterActionSchema = z.enum(bulkLetterActions);
export type BulkLetterAction = z.infer<typeof bulkLetterActionSchema>;

export const bulkLetterRequestSchema = z
  .object({
    letter_ids: z.array(z.string()).min(1).max(500),
    action: bulkLetterActionSchema,
    folder_id: z
      .string()
      .nullable()
      .optional()
      .describe('Target of `move`; null = back to the inbox'),
  })
  .meta({ id: 'BulkLetterRequest' });
export type BulkLetterRequest = z.infer<typeof bulkLetterRequestSchema>;

export const bulkLetterResultSchema = z.object({ updated: z.number().int() });
export type BulkLetterResult = z.infer<typeof bulkLetterResultSchema>;

export const MAX_ATTACHMENT_BYTES = 25 * 1024 * 1024;
/** Files and uploads together. */
export const MAX_ATTACHMENTS = 10;

/**
 * A reply goes as multipart: fields `subject`, `body`, zero or more `attachment` files (each
 * also becomes an upload of the account), and zero or more `upload_ids` parts, each the id of
 * a stored upload of the letter's account to attach.
 */
export const replyFieldsSchema = z.object({
  subject: shownText().min(1).max(LETTER_SUBJECT_MAX_LENGTH),
  body: z.string().trim().min(1).max(LETTER_BODY_MAX_LENGTH),
  upload_ids: z.array(z.string().min(1).max(64)).max(MAX_ATTACHMENTS).default([]),
});
export type ReplyFields = z.infer<typeof replyFieldsSchema>;

/** What a reply may attach; the server checks the bytes, the browser the file's type. */
export const REPLY_ATTACHMENT_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
] as const;
