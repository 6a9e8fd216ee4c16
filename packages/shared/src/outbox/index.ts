import { z } from 'zod';
import { shownText, stripBidiControls } from '../text/index.ts';
import {
  LETTER_BODY_MAX_LENGTH,
  LETTER_SUBJECT_MAX_LENGTH,
  MAX_ATTACHMENTS,
} from '../letters/index.ts';
export * from './letter-recipient.ts';
export * from './print-language.ts';
import {
  POSTAL_FIELD_MAX_LENGTH,
  POSTCODE_MAX_LENGTH,
  postalAddressSchema,
} from '../postal/index.ts';
import { printLanguageChoiceSchema } from './print-language.ts';

/**
 * Writing letters (DESIGN §8 "Compose and outbox"). A letter goes to up to MAX_RECIPIENTS
 * recipients, each by its own channel: a provider (delivered at once; the provider sees it in
 * GET /api/sender/v1/messages and gets `message.received`), a Kuvert user (a copy lands in
 * their personal inbox at once) or a postal address (printed by the postal channel).
 */
export const MAX_RECIPIENTS = 20;

const contactIdSchema = z.string().min(1).max(64).optional();

export const recipientInputSchema = z.discriminatedUnion('channel', [
  z.object({ channel: z.literal('provider'), provider_id: z.string().min(1).max(64) }),
  z.object({
    channel: z.literal('kuvert'),
    email: z.email().max(254),
    contact_id: contactIdSchema,
  }),
  z.object({
    channel: z.literal('postal'),
    address: postalAddressSchema,
    contact_id: contactIdSchema,
  }),
]);
export type RecipientInput = z.input<typeof recipientInputSchema>;

/**
 * POST /api/outbox/letters: send now. Attachments are uploads of the sending account (files
 * from the computer are uploaded first). A postal recipient needs the sender's postal address
 * in their profile (SENDER_ADDRESS_MISSING otherwise) and attachments that can be printed
 * (PDF, PNG, JPEG). An unknown Kuvert address is RECIPIENT_UNKNOWN with `details[].path`
 * `recipients.{i}.email`, so the page can offer postal delivery instead; an address line too
 * wide for the window is VALIDATION_FAILED at `recipients.{i}.address.{field}` with `i18n`
 * `validation.addressTooWide`.
 */
export const sendLetterRequestSchema = z.object({
  account_id: z.string().min(1),
  recipients: z.array(recipientInputSchema).min(1).max(MAX_RECIPIENTS),
  subject: shownText().min(1).max(LETTER_SUBJECT_MAX_LENGTH),
  body: z.string().trim().min(1).max(LETTER_BODY_MAX_LENGTH),
  upload_ids: z.array(z.string().min(1).max(64)).max(MAX_ATTACHMENTS).default([]),
  /** The draft this letter was written in: deleted in the same transaction once sent. */
  draft_id: z.string().min(1).max(64).optional(),
  /** The language of the printed letters; `auto`: by each postal recipient's country. */
  print_language: printLanguageChoiceSchema.default('auto'),
});
export type SendLetterRequest = z.input<typeof sendLetterRequestSchema>;

/** What an attachment of a printed letter may be: appended to the print PDF. */
export const PRINTABLE_ATTACHMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;

/**
 * Drafts save what was typed, complete or not: recipients may be half filled in. Only
 * lengths are checked; sending checks the rest.
 */
const draftText = z.string().max(POSTAL_FIELD_MAX_LENGTH).default('');
export const draftRecipientSchema = z.discriminatedUnion('channel', [
  z.object({ channel: z.literal('provider'), provider_id: z.string().max(64) }),
  z.object({
    channel: z.literal('kuvert'),
    email: z.string().max(254),
    contact_id: contactIdSchema,
  }),
  z.object({
    channel: z.literal('postal'),
    address: z.object({
      name: draftText,
      organisation: draftText,
      street: draftText,
      postcode: z.string().max(POSTCODE_MAX_LENGTH).default(''),
      city: draftText,
      country: z.string().max(2).default(''),
    }),
    contact_id: contactIdSchema,
  }),
]);
export type DraftRecipient = z.infer<typeof draftRecipientSchema>;

export const letterDraftFieldsSchema = z.object({
  recipients: z.array(draftRecipientSchema).max(MAX_RECIPIENTS).default([]),
  subject: z.string().overwrite(stripBidiControls).max(LETTER_SUBJECT_MAX_LENGTH).default(''),
  body: z.string().max(LETTER_BODY_MAX_LENGTH).default(''),
  upload_ids: z.array(z.string().min(1).max(64)).max(MAX_ATTACHMENTS).default([]),
  print_language: printLanguageChoiceSchema.default('auto'),
});
export type LetterDraftFields = z.input<typeof letterDraftFieldsSchema>;

/** POST /api/letter-drafts */
export const createDraftRequestSchema = letterDraftFieldsSchema.extend({
  account_id: z.string().min(1),
});
export type CreateDraftRequest = z.input<typeof createDraftRequestSchema>;

/**
 * PUT /api/letter-drafts/{id}: the whole draft again, with the version it was loaded at; an
 * older version than the stored one is CONFLICT (another tab or member saved meanwhile).
 */
export const updateDraftRequestSchema = letterDraftFieldsSchema.extend({
  version: z.number().int().min(1),
});
export type UpdateDraftRequest = z.input<typeof updateDraftRequestSchema>;

export const draftAttachmentSchema = z.object({
  upload_id: z.string(),
  name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
});

export const letterDraftSchema = z
  .object({
    id: z.string(),
    account_id: z.string(),
    recipients: z.array(draftRecipientSchema),
    subject: z.string(),
    body: z.string(),
    upload_ids: z.array(z.string()),
    print_language: printLanguageChoiceSchema,
    /** The uploads still there (a trashed one drops out). */
    attachments: z.array(draftAttachmentSchema),
    version: z.number().int(),
    created_by_name: z.string().nullable(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'LetterDraft' });
export type LetterDraft = z.infer<typeof letterDraftSchema>;

/** GET /api/letter-drafts?account_id=…: newest first. */
export const letterDraftSummarySchema = z
  .object({
    id: z.string(),
    subject: z.string(),
    /** Names or addresses of the recipients so far. */
    recipient_names: z.array(z.string()),
    created_by_name: z.string().nullable(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'LetterDraftSummary' });
export type LetterDraftSummary = z.infer<typeof letterDraftSummarySchema>;

export const letterDraftListSchema = z
  .object({ items: z.array(letterDraftSummarySchema) })
  .meta({ id: 'LetterDraftList' });
export type LetterDraftList = z.infer<typeof letterDraftListSchema>;
