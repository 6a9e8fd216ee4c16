import { z } from 'zod';
import { shownText } from '../text/index.ts';
import { invoicePaidViaSchema, invoiceStatusSchema } from '../invoices/index.ts';
import {
  deliveryStatusSchema,
  documentTextFailureSchema,
  documentTextStatusSchema,
  LETTER_BODY_MAX_LENGTH,
  LETTER_SUBJECT_MAX_LENGTH,
  letterKindSchema,
} from '../letters/index.ts';
import {
  SIGNATURE_MAX_SIGNERS,
  signatureRequestStatusSchema,
  signerIdentityRequirementSchema,
  signerStatusSchema,
  signerVerifiedIdentitySchema,
} from '../signatures/index.ts';

/**
 * The Sender API (/api/sender/v1) is a public contract for providers: fields may be added,
 * never renamed or removed.
 */
export const SENDER_MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;
export const SENDER_MAX_DOCUMENTS = 10;

export const currencySchema = z
  .string()
  .regex(/^[A-Z]{3}$/, 'An ISO 4217 code in capitals, such as EUR');

export const invoiceMetadataSchema = z.object({
  amount: z.number().int().positive().describe('In minor units: 12345 = 123.45'),
  currency: currencySchema,
  due_date: z.iso.date(),
  iban: z.string().trim().min(15).max(42),
  bic: z.string().trim().min(8).max(11).optional(),
  reference: z.string().trim().min(1).max(140),
});
export type InvoiceMetadata = z.infer<typeof invoiceMetadataSchema>;

export const senderSignatureMetadataSchema = z
  .object({
    due_date: z.iso.date().describe('The last day to sign; the request expires after it'),
    signers: z
      .array(
        z.object({
          email: z.string().trim().toLowerCase().pipe(z.email()),
          identity: signerIdentityRequirementSchema
            .optional()
            .describe(
              '`verified`: this signer can sign only with an identity verified over OpenID Connect; the audit page then names the identity provider and level of assurance instead of the password. Default: no requirement',
            ),
        }),
      )
      .min(1)
      .max(SIGNATURE_MAX_SIGNERS)
      .refine(
        (signers) => new Set(signers.map((signer) => signer.email)).size === signers.length,
        'Each signer once',
      )
      .optional()
      .describe(
        'Kuvert users by e-mail, each gets the request in their own inbox; default: the recipient alone',
      ),
  })
  .meta({ id: 'SenderSignatureMetadata' });

export const letterMetadataSchema = z
  .object({
    recipient: z.object({ email: z.string().trim().toLowerCase().pipe(z.email()) }),
    subject: shownText().min(1).max(LETTER_SUBJECT_MAX_LENGTH),
    body: z.string().max(LETTER_BODY_MAX_LENGTH).default(''),
    kind: letterKindSchema.default('letter'),
    invoice: invoiceMetadataSchema.optional(),
    signature: senderSignatureMetadataSchema.optional(),
    external_id: z.string().max(200).optional().describe("The provider's own reference"),
    form_id: z
      .string()
      .max(64)
      .optional()
      .describe(
        'One of your published forms: the letter links to it so the reader can fill it out',
      ),
  })
  .meta({ id: 'SenderLetterMetadata' });
export type LetterMetadata = z.input<typeof letterMetadataSchema>;

export const deliveredLetterSchema = z
  .object({ id: z.string(), status: deliveryStatusSchema })
  .meta({ id: 'SenderDeliveredLetter' });
export type DeliveredLetter = z.infer<typeof deliveredLetterSchema>;

export const senderInvoiceStatusSchema = z
  .object({
    status: invoiceStatusSchema.describe(
      '`overdue`: unpaid and the due date has passed; `failed`: the last payment attempt failed, still owed',
    ),
    amount: z.number().int().describe('In minor units: 12345 = 123.45'),
    currency: z.string(),
    due_date: z.iso.date(),
    reference: z.string(),
    paid_at: z.iso.datetime().nullable(),
    paid_via: invoicePaidViaSchema
      .nullable()
      .describe('`elsewhere`: the user says they paid outside Kuvert; check your account'),
    cancelled_at: z.iso.datetime().nullable(),
  })
  .meta({ id: 'SenderInvoiceStatus' });
export type SenderInvoiceStatus = z.infer<typeof senderInvoiceStatusSchema>;

export const senderSignerStatusSchema = z
  .object({
    email: z.string(),
    status: signerStatusSchema,
    signed_at: z.iso.datetime().nullable(),
    declined_at: z.iso.datetime().nullable(),
    declined_reason: z.string().nullable(),
    identity_requirement: signerIdentityRequirementSchema
      .nullable()
      .describe('`verified` when you required a verified identity of this signer'),
    verified_identity: signerVerifiedIdentitySchema
      .nullable()
      .describe('Who confirmed their identity when they signed with a verified identity'),
  })
  .meta({ id: 'SenderSignerStatus' });
export type SenderSignerStatus = z.infer<typeof senderSignerStatusSchema>;

export const senderSignatureStatusSchema = z
  .object({
    status: signatureRequestStatusSchema.describe(
      '`cancelled`: you withdrew it; `expired`: the due date passed before everyone signed',
    ),
    due_date: z.iso.date(),
    completed_at: z.iso.datetime().nullable(),
    declined_at: z.iso.datetime().nullable(),
    expired_at: z.iso.datetime().nullable(),
    cancelled_at: z.iso.datetime().nullable(),
    sealed_at: z.iso.datetime().nullable().describe('When signed-document became available'),
    signers: z.array(senderSignerStatusSchema),
  })
  .meta({ id: 'SenderSignatureStatus' });
export type SenderSignatureStatus = z.infer<typeof senderSignatureStatusSchema>;

export const senderLetterStatusSchema = z
  .object({
    id: z.string(),
    kind: letterKindSchema,
    subject: z.string(),
    external_id: z.string().nullable(),
    status: deliveryStatusSchema,
    recipient: z.object({ email: z.string() }),
    created_at: z.iso.datetime(),
    delivered_at: z.iso.datetime().nullable(),
    read_at: z.iso.datetime().nullable(),
    invoice: senderInvoiceStatusSchema
      .nullable()
      .describe('Payment status; null unless an invoice'),
    signature: senderSignatureStatusSchema
      .nullable()
      .describe('Signing status; null unless a signature request'),
    documents: z.array(
      z.object({
        id: z.string(),
        filename: z.string(),
        size: z.number().int(),
        page_count: z.number().int().nullable(),
        text_status: documentTextStatusSchema.describe(
          'Whether Kuvert could read the text (for search); failed documents still reach the user',
        ),
        text_failure: documentTextFailureSchema.nullable(),
      }),
    ),
  })
  .meta({ id: 'SenderLetterStatus' });
export type SenderLetterStatus = z.infer<typeof senderLetterStatusSchema>;

export const senderMessageSchema = z
  .object({
    id: z.string(),
    type: z.enum(['letter', 'form_submission']),
    in_reply_to: z.string().nullable(),
    subject: z.string().describe('form_submission: the form title'),
    body: z.string(),
    from: z
      .object({ name: z.string(), email: z.string() })
      .describe(
        'form_submission from a visitor who was not logged in: the receipt address, if given',
      ),
    form: z
      .object({ id: z.string(), version: z.number().int() })
      .nullable()
      .describe('form_submission: the form and the version it was filled against'),
    data: z
      .record(z.string(), z.unknown())
      .nullable()
      .describe('form_submission: the validated answers; a file field holds document ids'),
    reference: z.string().nullable().describe('form_submission: the number on the PDF and receipt'),
    created_at: z.iso.datetime(),
    documents: z.array(
      z.object({
        id: z.string(),
        filename: z.string(),
        content_type: z.string(),
        size: z.number().int(),
        url: z.string().describe('Download with the same API key'),
      }),
    ),
  })
  .meta({ id: 'SenderMessage' });
export type SenderMessage = z.infer<typeof senderMessageSchema>;

export const senderMessagePageSchema = z
  .object({ items: z.array(senderMessageSchema), next_cursor: z.string().nullable() })
  .meta({ id: 'SenderMessagePage' });
export type SenderMessagePage = z.infer<typeof senderMessagePageSchema>;

export const senderMessageQuerySchema = z.object({
  cursor: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const webhookEventTypes = [
  'letter.read',
  'invoice.paid',
  'signature.completed',
  'signature.declined',
  'signature.expired',
  'form.submitted',
  'message.received',
] as const;
export const webhookEventTypeSchema = z.enum(webhookEventTypes);
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>;

export const webhookConfigRequestSchema = z
  .object({ url: z.url().refine((value) => /^https?:\/\//.test(value), 'http(s) URL') })
  .meta({ id: 'SenderWebhookConfigRequest' });

export const webhookConfigSchema = z
  .object({
    url: z.string().nullable(),
    secret: z.string().nullable().describe('Shown when set; verify Kuvert-Signature with it'),
  })
  .meta({ id: 'SenderWebhookConfig' });
export type WebhookConfig = z.infer<typeof webhookConfigSchema>;

/**
 * `data` of the `invoice.paid` webhook. Sent once per invoice, when the user paid through
 * Kuvert (`paid_via: kuvert`, the bank confirmed it) or marked it paid elsewhere (`elsewhere`).
 */
export const invoicePaidWebhookDataSchema = z
  .object({
    letter_id: z.string(),
    external_id: z.string().nullable().describe('Your external_id from the delivery'),
    amount: z.number().int().describe('In minor units'),
    currency: z.string(),
    reference: z.string().nullable(),
    paid_at: z.iso.datetime(),
    paid_via: invoicePaidViaSchema.describe(
      '`elsewhere`: the user says they paid outside Kuvert; check your account before you book it',
    ),
  })
  .meta({ id: 'SenderWebhookInvoicePaid' });
export type InvoicePaidWebhookData = z.infer<typeof invoicePaidWebhookDataSchema>;

/**
 * `data` of `signature.completed`, `signature.declined` and `signature.expired`. Completed
 * and declined are sent once the sealed document is ready: fetch it from `signed_document_url`
 * with your API key. Expired has nothing sealed (`signed_document_url` is null).
 */
export const signatureWebhookDataSchema = z
  .object({
    letter_id: z.string(),
    external_id: z.string().nullable().describe('Your external_id from the delivery'),
    status: signatureRequestStatusSchema,
    completed_at: z.iso.datetime().nullable(),
    declined_at: z.iso.datetime().nullable(),
    expired_at: z.iso.datetime().nullable(),
    declined_reason: z.string().nullable().describe('The reason the declining signer gave'),
    signers: z.array(senderSignerStatusSchema),
    signed_document_url: z.string().nullable(),
    signed_document_sha256: z.string().nullable(),
  })
  .meta({ id: 'SenderWebhookSignature' });
export type SignatureWebhookData = z.infer<typeof signatureWebhookDataSchema>;
