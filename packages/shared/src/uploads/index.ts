import { z } from 'zod';
import { shownText } from '../text/index.ts';

/** Where the tus endpoint lives; `…/{id}` for HEAD, PATCH and DELETE of one upload. */
export const UPLOADS_TUS_PATH = '/api/uploads/tus';
/** Bytes per PATCH the portal sends: a refused type is known after the first one. */
export const UPLOAD_CHUNK_BYTES = 8 * 1024 * 1024;
export const UPLOAD_NAME_MAX_LENGTH = 200;

/** Types Kuvert keeps, judged by content (never by the name or the declared type). */
export const uploadContentTypes = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
  'text/csv',
  'text/plain',
] as const;
export const uploadContentTypeSchema = z.enum(uploadContentTypes);
export type UploadContentType = z.infer<typeof uploadContentTypeSchema>;

/** Coarse kinds for filtering: one per icon. */
export const uploadKinds = ['pdf', 'image', 'table', 'text'] as const;
export const uploadKindSchema = z.enum(uploadKinds);
export type UploadKind = z.infer<typeof uploadKindSchema>;

export function uploadKindOf(contentType: UploadContentType): UploadKind {
  if (contentType === 'application/pdf') return 'pdf';
  if (contentType === 'text/csv') return 'table';
  if (contentType === 'text/plain') return 'text';
  return 'image';
}

/**
 * Where reading the upload stands: `pending` (queued), `reading` (PDF text, plain text),
 * `recognising` (OCR of an image or a scan), `extracted`, `failed` (see `text_failure`), or
 * `not_applicable`. The file itself is kept and usable whatever this says.
 */
export const uploadTextStatuses = [
  'pending',
  'reading',
  'recognising',
  'extracted',
  'failed',
  'not_applicable',
] as const;
export const uploadTextStatusSchema = z.enum(uploadTextStatuses);
export type UploadTextStatus = z.infer<typeof uploadTextStatusSchema>;

/** Why text could not be read: a limit the document broke, or it was unreadable. */
export const uploadTextFailures = [
  'too_many_pages',
  'too_much_data',
  'too_large',
  'memory',
  'timeout',
  'unreadable',
  'crashed',
] as const;
export const uploadTextFailureSchema = z.enum(uploadTextFailures);
export type UploadTextFailure = z.infer<typeof uploadTextFailureSchema>;

/** How the text was got: a PDF's text layer, OCR, or the file being text. */
export const uploadTextSourceSchema = z.enum(['pdf', 'ocr', 'plain']);
export type UploadTextSource = z.infer<typeof uploadTextSourceSchema>;

export const csvEncodings = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'] as const;
export const csvEncodingSchema = z.enum(csvEncodings);
export type CsvEncoding = z.infer<typeof csvEncodingSchema>;
export const csvDelimiters = [',', ';', '\t', '|'] as const;
export const csvDelimiterSchema = z.enum(csvDelimiters);
export type CsvDelimiter = z.infer<typeof csvDelimiterSchema>;

export const uploadSummarySchema = z
  .object({
    id: z.string(),
    account_id: z.string(),
    name: z.string(),
    content_type: uploadContentTypeSchema,
    kind: uploadKindSchema,
    size: z.number().int(),
    /** Pages of a PDF; null for other types or before it was read. */
    page_count: z.number().int().nullable(),
    text_status: uploadTextStatusSchema,
    text_failure: uploadTextFailureSchema.nullable(),
    has_thumbnail: z.boolean(),
    created_at: z.iso.datetime(),
    trashed_at: z.iso.datetime().nullable(),
  })
  .meta({ id: 'UploadSummary' });
export type UploadSummary = z.infer<typeof uploadSummarySchema>;

/** How much of an upload's text its page shows: a 9 MB text file must not become 9 MB of DOM. */
export const UPLOAD_TEXT_PREVIEW_CHARS = 100_000;

/** An earlier upload of the same mailbox holding the very same bytes: both are kept. */
export const uploadDuplicateSchema = z
  .object({ id: z.string(), name: z.string(), created_at: z.iso.datetime() })
  .meta({ id: 'UploadDuplicate' });
export type UploadDuplicate = z.infer<typeof uploadDuplicateSchema>;

export const uploadDetailSchema = uploadSummarySchema
  .extend({
    sha256: z.string(),
    /** The oldest live upload of the mailbox with the same bytes, uploaded before this one. */
    duplicate_of: uploadDuplicateSchema.nullable(),
    text_source: uploadTextSourceSchema.nullable(),
    /** The extracted text (its first UPLOAD_TEXT_PREVIEW_CHARS); null until read, or when there is none. */
    text: z.string().nullable(),
    /** true: `text` is only the beginning; the file itself has the rest. */
    text_truncated: z.boolean(),
    /** For text and CSV: what Kuvert detected (the table preview may override both). */
    encoding: csvEncodingSchema.nullable(),
    delimiter: csvDelimiterSchema.nullable(),
    uploaded_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  })
  .meta({ id: 'UploadDetail' });
export type UploadDetail = z.infer<typeof uploadDetailSchema>;

export const uploadSorts = ['newest', 'oldest', 'name', 'largest'] as const;
export const uploadSortSchema = z.enum(uploadSorts);
export type UploadSort = z.infer<typeof uploadSortSchema>;

export const uploadListQuerySchema = z.object({
  account_id: z.string().min(1),
  sort: uploadSortSchema.default('newest'),
  kind: uploadKindSchema.optional(),
  /** Part of the name, case-insensitive. */
  name: z.string().trim().max(UPLOAD_NAME_MAX_LENGTH).optional(),
  cursor: z.string().max(512).optional().describe('Opaque; from next_cursor, for the same sort'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type UploadListQuery = z.input<typeof uploadListQuerySchema>;

export const uploadListSchema = z
  .object({ uploads: z.array(uploadSummarySchema), next_cursor: z.string().nullable() })
  .meta({ id: 'UploadList' });
export type UploadList = z.infer<typeof uploadListSchema>;

export const uploadUsageQuerySchema = z.object({ account_id: z.string().min(1) });
/** Bytes of the account's uploads (trash included: it still takes space) against its quota. */
export const uploadUsageSchema = z
  .object({
    used_bytes: z.number().int(),
    quota_bytes: z.number().int(),
    max_file_bytes: z.number().int(),
  })
  .meta({ id: 'UploadUsage' });
export type UploadUsage = z.infer<typeof uploadUsageSchema>;

export const uploadIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const uploadNameSchema = shownText().min(1).max(UPLOAD_NAME_MAX_LENGTH);

export const renameUploadRequestSchema = z
  .object({ name: uploadNameSchema })
  .meta({ id: 'RenameUploadRequest' });
export type RenameUploadRequest = z.infer<typeof renameUploadRequestSchema>;

/** Several uploads of one account at once (trash, download as ZIP). */
export const uploadSelectionSchema = z
  .object({
    account_id: z.string().min(1),
    ids: z.array(z.string().min(1).max(64)).min(1).max(500),
  })
  .meta({ id: 'UploadSelection' });
export type UploadSelection = z.infer<typeof uploadSelectionSchema>;

export const uploadTableQuerySchema = z.object({
  encoding: csvEncodingSchema.optional(),
  delimiter: csvDelimiterSchema.optional(),
});
/** The first rows of a CSV, decoded as detected (or as asked). */
export const uploadTableSchema = z
  .object({
    encoding: csvEncodingSchema,
    delimiter: csvDelimiterSchema,
    rows: z.array(z.array(z.string())),
    /** True when the file has more rows than shown. */
    truncated: z.boolean(),
  })
  .meta({ id: 'UploadTable' });
export type UploadTable = z.infer<typeof uploadTableSchema>;

/** Metadata keys the portal sends with a tus creation request (Upload-Metadata). */
/**
 * What an upload is for: `library` (the person's uploads, listed and found by search) or
 * `mail_merge` (a CSV of recipients uploaded in the mail merge: kept for the merge, left out
 * of the uploads' lists and search).
 */
export const uploadPurposes = ['library', 'mail_merge'] as const;
export const uploadPurposeSchema = z.enum(uploadPurposes);
export type UploadPurpose = z.infer<typeof uploadPurposeSchema>;

export const tusMetadataSchema = z.object({
  filename: uploadNameSchema,
  account_id: z.string().min(1).max(64),
  /** `library` when left out. */
  purpose: uploadPurposeSchema.optional(),
  /** The browser's guess; only ever a hint, never trusted. */
  filetype: z.string().max(200).optional(),
});
export type TusMetadata = z.infer<typeof tusMetadataSchema>;

/** How long an upload in progress may go without a byte before it is removed (tus expiry). */
export const UPLOAD_IDLE_EXPIRY_MINUTES = 30;

/**
 * An upload in progress: announced (tus creation) and not yet whole. Its announced size
 * counts in the quota until it is stored, cancelled, or idle for UPLOAD_IDLE_EXPIRY_MINUTES.
 */
export const uploadInProgressSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** The announced size. */
    size: z.number().int(),
    received_bytes: z.number().int(),
    started_by: z.object({ id: z.string(), name: z.string() }).nullable(),
    started_at: z.iso.datetime(),
    last_activity_at: z.iso.datetime(),
    /** When it is removed unless another byte arrives first. */
    expires_at: z.iso.datetime(),
  })
  .meta({ id: 'UploadInProgress' });
export type UploadInProgress = z.infer<typeof uploadInProgressSchema>;

/** An owner sees every upload in progress of the account, a member their own, a viewer none. */
export const uploadsInProgressSchema = z
  .object({ uploads: z.array(uploadInProgressSchema) })
  .meta({ id: 'UploadsInProgress' });
export type UploadsInProgress = z.infer<typeof uploadsInProgressSchema>;

export const uploadsInProgressQuerySchema = z.object({ account_id: z.string().min(1) });
