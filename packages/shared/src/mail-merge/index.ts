import { z } from 'zod';
import { shownText } from '../text/index.ts';
import { LETTER_BODY_MAX_LENGTH, LETTER_SUBJECT_MAX_LENGTH } from '../letters/index.ts';
import { deliveryStatusSchema } from '../letters/delivery-status.ts';
import { countryCodeSchema, DEFAULT_COUNTRY } from '../postal/index.ts';
import { csvDelimiterSchema, csvEncodingSchema } from '../uploads/index.ts';

export * from './template.ts';

/**
 * Mail merge (DESIGN §8): one letter per row of a CSV, from a template with `{{placeholders}}`
 * or from an uploaded PDF (each postal recipient gets an address cover page). The CSV is an
 * upload of the account (the uploads flow judges and stores it); its first row is the header.
 */
export const MAIL_MERGE_MAX_CSV_BYTES = 10 * 1024 * 1024;
export const MAIL_MERGE_MAX_ROWS = 20_000;
/** Rows the preview renders. */
export const MAIL_MERGE_PREVIEW_ROWS = 5;

/**
 * Where a row's letter goes: `email` naming a Kuvert user → their inbox; otherwise (or when
 * that address is not on Kuvert) the postal address, which must be complete and fit the
 * window; a row with neither fails with its reason. Decided when the letters are written:
 * nothing before sending says whether an address has a Kuvert account.
 */
export const mailMergeRecipientFields = [
  'name',
  /** Optional: written before `name` (a sheet with first and last names in two columns). */
  'first_name',
  'organisation',
  'street',
  'postcode',
  'city',
  'country',
  'email',
] as const;
export const mailMergeRecipientFieldSchema = z.enum(mailMergeRecipientFields);
export type MailMergeRecipientField = z.infer<typeof mailMergeRecipientFieldSchema>;

const columnIndexSchema = z.number().int().min(0).max(999);

export const mailMergeMappingSchema = z.object({
  /** Recipient field → column index (0-based). `name` is required. */
  fields: z.partialRecord(mailMergeRecipientFieldSchema, columnIndexSchema),
  /** Placeholder name (as written in the template) → column index. */
  placeholders: z.record(z.string().min(1).max(60), columnIndexSchema),
  /** For rows whose country column is empty or not mapped. */
  default_country: countryCodeSchema.default(DEFAULT_COUNTRY),
});
export type MailMergeMapping = z.input<typeof mailMergeMappingSchema>;

export const mailMergeSourceSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('template'),
    subject: shownText().min(1).max(LETTER_SUBJECT_MAX_LENGTH),
    body: z.string().trim().min(1).max(LETTER_BODY_MAX_LENGTH),
  }),
  z.object({
    kind: z.literal('document'),
    /** An uploaded PDF of the account. */
    upload_id: z.string().min(1).max(64),
    subject: shownText().min(1).max(LETTER_SUBJECT_MAX_LENGTH),
    /** A short text for the letter's body (may hold placeholders), or none. */
    body: z.string().trim().max(LETTER_BODY_MAX_LENGTH).default(''),
  }),
]);
export type MailMergeSource = z.input<typeof mailMergeSourceSchema>;

/** How to read the CSV: the detected values unless the person changed them. */
export const mailMergeCsvSchema = z.object({
  upload_id: z.string().min(1).max(64),
  encoding: csvEncodingSchema,
  delimiter: csvDelimiterSchema,
});

/**
 * POST /api/mail-merges/preview and POST /api/mail-merges take this. A template with an
 * unclosed `{{` is TEMPLATE_INVALID (details: path `source.subject` or `source.body`, line,
 * column); placeholders without a column are listed by the preview and refused by the start
 * (VALIDATION_FAILED at `mapping.placeholders`).
 */
export const mailMergeDefinitionSchema = z.object({
  account_id: z.string().min(1),
  csv: mailMergeCsvSchema,
  source: mailMergeSourceSchema,
  mapping: mailMergeMappingSchema,
});
export type MailMergeDefinition = z.input<typeof mailMergeDefinitionSchema>;

/**
 * POST /api/mail-merges/inspect { account_id, upload_id, encoding?, delimiter? }: the CSV as
 * Kuvert reads it. CSV_EMPTY for an empty file, CSV_NO_ROWS for a header alone,
 * PAYLOAD_TOO_LARGE over MAIL_MERGE_MAX_CSV_BYTES or MAIL_MERGE_MAX_ROWS.
 */
export const mailMergeInspectRequestSchema = z.object({
  account_id: z.string().min(1),
  upload_id: z.string().min(1).max(64),
  encoding: csvEncodingSchema.optional(),
  delimiter: csvDelimiterSchema.optional(),
});
export type MailMergeInspectRequest = z.input<typeof mailMergeInspectRequestSchema>;

export const mailMergeCsvInspectionSchema = z
  .object({
    detected_encoding: csvEncodingSchema,
    detected_delimiter: csvDelimiterSchema,
    encoding: csvEncodingSchema,
    delimiter: csvDelimiterSchema,
    columns: z.array(z.string()),
    row_count: z.number().int(),
    /** The first rows below the header. */
    sample_rows: z.array(z.array(z.string())),
  })
  .meta({ id: 'MailMergeCsvInspection' });
export type MailMergeCsvInspection = z.infer<typeof mailMergeCsvInspectionSchema>;

export const mailMergeRowProblemSchema = z.object({
  /** A recipient field (`postcode`), `email`, or `placeholder:{name}`. */
  path: z.string(),
  message: z.string(),
  /** Web translation key under `validation.` or `mailMerge.`. */
  i18n: z.string().optional(),
  /** Values the translation fills in (`{{country}}`, `{{example}}`, `{{email}}`). */
  values: z.record(z.string(), z.string()).optional(),
});
export type MailMergeRowProblem = z.infer<typeof mailMergeRowProblemSchema>;

/**
 * How a previewed row will go, said without looking anyone up: whether an e-mail address has
 * a Kuvert account is nobody else's business, so the preview never tells. `postal`: no e-mail
 * address, by post. `kuvert_or_postal`: digitally if the address has a Kuvert account,
 * otherwise by post. `kuvert_only`: digitally if the address has a Kuvert account, otherwise
 * the row fails for want of a complete postal address. null: the row cannot be sent.
 */
export const mailMergePreviewDeliverySchema = z.enum(['postal', 'kuvert_or_postal', 'kuvert_only']);
export type MailMergePreviewDelivery = z.infer<typeof mailMergePreviewDeliverySchema>;

export const mailMergePreviewSchema = z
  .object({
    placeholders: z.array(z.string()),
    /** Placeholders no column is mapped to: sending is refused until each has one. */
    unmapped_placeholders: z.array(z.string()),
    rows: z.array(
      z.object({
        row: z.number().int(),
        delivery: mailMergePreviewDeliverySchema.nullable(),
        recipient_name: z.string(),
        /** The address lines as printed, when the row has a postal address. */
        address_lines: z.array(z.string()),
        subject: z.string(),
        body: z.string(),
        problems: z.array(mailMergeRowProblemSchema),
      }),
    ),
    /**
     * Every row of the CSV counted by how it will go (the same words as `delivery`, so the
     * counts never tell whether an address has a Kuvert account); `problems`: rows that cannot
     * be sent and are skipped. For the confirmation before sending.
     */
    counts: z.object({
      rows: z.number().int(),
      postal: z.number().int(),
      kuvert_or_postal: z.number().int(),
      kuvert_only: z.number().int(),
      problems: z.number().int(),
    }),
  })
  .meta({ id: 'MailMergePreview' });
export type MailMergePreview = z.infer<typeof mailMergePreviewSchema>;

export const mailMergeStatuses = ['running', 'done', 'failed', 'cancelled'] as const;
export const mailMergeStatusSchema = z.enum(mailMergeStatuses);
export type MailMergeStatus = z.infer<typeof mailMergeStatusSchema>;

export const mailMergeSchema = z
  .object({
    id: z.string(),
    account_id: z.string(),
    status: mailMergeStatusSchema,
    subject: z.string(),
    total_rows: z.number().int(),
    processed_rows: z.number().int(),
    sent_rows: z.number().int(),
    failed_rows: z.number().int(),
    failure_reason: z.string().nullable(),
    created_at: z.iso.datetime(),
    finished_at: z.iso.datetime().nullable(),
    /**
     * The merge's letters by where their delivery stands now: `delivered` (a Kuvert inbox),
     * `queued` (waiting to be printed), `printed`, `sent` (posted), `failed`. A deleted letter
     * is not counted.
     */
    deliveries: z.object({
      queued: z.number().int(),
      delivered: z.number().int(),
      printed: z.number().int(),
      sent: z.number().int(),
      failed: z.number().int(),
    }),
  })
  .meta({ id: 'MailMerge' });
export type MailMerge = z.infer<typeof mailMergeSchema>;

export const mailMergeListSchema = z
  .object({ items: z.array(mailMergeSchema) })
  .meta({ id: 'MailMergeList' });
export type MailMergeList = z.infer<typeof mailMergeListSchema>;

export const mailMergeRowSchema = z
  .object({
    row: z.number().int(),
    status: z.enum(['sent', 'failed']),
    channel: z.enum(['kuvert', 'postal']).nullable(),
    recipient_name: z.string(),
    letter_id: z.string().nullable(),
    failure_reason: z.string().nullable(),
    /**
     * Where the row's letter stands now (`status` only says it was written): a printed letter
     * goes `queued` → `printed` → `sent`, or `failed` with `delivery_failure_reason`; a Kuvert
     * letter is `delivered`. null for a failed row or a letter since deleted.
     */
    delivery_status: deliveryStatusSchema.nullable(),
    delivery_failure_reason: z.string().nullable(),
  })
  .meta({ id: 'MailMergeRow' });
export type MailMergeRow = z.infer<typeof mailMergeRowSchema>;

export const mailMergeRowsQuerySchema = z.object({
  status: z.enum(['sent', 'failed']).optional(),
  cursor: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export const mailMergeRowPageSchema = z
  .object({ items: z.array(mailMergeRowSchema), next_cursor: z.string().nullable() })
  .meta({ id: 'MailMergeRowPage' });
export type MailMergeRowPage = z.infer<typeof mailMergeRowPageSchema>;
