import { z } from 'zod';
import { shownText } from '../text/index.ts';
import { letterDirectionSchema, letterKindSchema } from '../letters/index.ts';
import { uploadContentTypeSchema } from '../uploads/index.ts';

/**
 * Case files (DESIGN §8 "Case files"): dossiers of dated items that link letters (received or
 * sent) and carry uploads as attachments.
 *
 * Portal routes (session; other accounts' files answer 404, viewers read only and get 403 for
 * every change):
 * - GET    /api/case-files?account_id&q&sort&cursor&limit          the list (CaseFileList)
 * - POST   /api/case-files                                        create (CaseFile, 201)
 * - GET    /api/case-files/{id}                                   one file (CaseFile)
 * - PATCH  /api/case-files/{id}                                   title, description, colour
 * - DELETE /api/case-files/{id}                                   to the trash with its items (204)
 * - GET    /api/case-files/{id}/items?cursor&limit                the timeline (CaseFileTimeline)
 * - POST   /api/case-files/{id}/items                             create an item (CaseFileItem, 201)
 * - POST   /api/case-files/{id}/add                               add letters and uploads (one
 *                                                                 item each, or one item)
 * - GET    /api/case-files/{id}/items/{itemId}                    one item (CaseFileItem)
 * - PATCH  /api/case-files/{id}/items/{itemId}                    change it (CaseFileItem)
 * - POST   /api/case-files/{id}/items/{itemId}/move               to another file (CaseFileItem)
 * - DELETE /api/case-files/{id}/items/{itemId}                    to the trash (204)
 * - GET    /api/case-files/of-letter/{letterId}                   files a letter is in, and
 *                                                                 suggestions by reference number
 * - POST   /api/trash/case-files/{id}/restore, DELETE /api/trash/case-files/{id}
 * - POST   /api/trash/case-file-items/{id}/restore, DELETE /api/trash/case-file-items/{id}
 *
 * Changes send the live event `case_files.changed`.
 */

export const CASE_FILE_TITLE_MAX_LENGTH = 120;
export const CASE_FILE_DESCRIPTION_MAX_LENGTH = 2000;
export const CASE_FILE_ITEM_TITLE_MAX_LENGTH = 200;
export const CASE_FILE_ITEM_NOTES_MAX_LENGTH = 20_000;
/** Letters or attachments one item may link. */
export const CASE_FILE_ITEM_MAX_LINKS = 100;
/** Letters and uploads one "Add to a file" may add at once. */
export const CASE_FILE_ADD_MAX_LETTERS = 500;
export const CASE_FILE_PAGE_SIZE = 50;
/** How long the timeline's note snippet is, in characters. */
export const CASE_FILE_NOTES_SNIPPET_LENGTH = 160;

/** Mantine palette names; the web maps each to its colour. */
export const caseFileColors = [
  'blue',
  'teal',
  'green',
  'lime',
  'yellow',
  'orange',
  'red',
  'pink',
  'grape',
  'violet',
  'indigo',
  'gray',
] as const;
export const caseFileColorSchema = z.enum(caseFileColors);
export type CaseFileColor = z.infer<typeof caseFileColorSchema>;

export const caseFileSorts = ['activity', 'title', 'created'] as const;
export const caseFileSortSchema = z.enum(caseFileSorts);
export type CaseFileSort = z.infer<typeof caseFileSortSchema>;

export const caseFileSchema = z
  .object({
    id: z.string(),
    account_id: z.string(),
    title: z.string(),
    description: z.string(),
    color: caseFileColorSchema,
    /** Items not in the trash. */
    item_count: z.number().int(),
    /** The last time the file or one of its items was created, changed, added or restored. */
    last_activity_at: z.iso.datetime(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
    trashed_at: z.iso.datetime().nullable(),
  })
  .meta({ id: 'CaseFile' });
export type CaseFile = z.infer<typeof caseFileSchema>;

export const caseFileListQuerySchema = z.object({
  account_id: z.string().min(1),
  /** Words in the title or description, case- and accent-insensitive. */
  q: z.string().trim().max(200).optional(),
  /** activity: latest activity first (default); title: A–Z; created: newest first. */
  sort: caseFileSortSchema.default('activity'),
  cursor: z.string().max(512).optional().describe('Opaque; from next_cursor, for the same sort'),
  limit: z.coerce.number().int().min(1).max(100).default(CASE_FILE_PAGE_SIZE),
});
export type CaseFileListQuery = z.input<typeof caseFileListQuerySchema>;

export const caseFileListSchema = z
  .object({ files: z.array(caseFileSchema), next_cursor: z.string().nullable() })
  .meta({ id: 'CaseFileList' });
export type CaseFileList = z.infer<typeof caseFileListSchema>;

export const caseFileIdParamsSchema = z.object({ id: z.string().min(1).max(64) });
export const caseFileItemParamsSchema = z.object({
  id: z.string().min(1).max(64),
  itemId: z.string().min(1).max(64),
});
export const caseFileOfLetterParamsSchema = z.object({ letterId: z.string().min(1).max(64) });

export const caseFileTitleSchema = shownText().min(1).max(CASE_FILE_TITLE_MAX_LENGTH);
export const caseFileDescriptionSchema = z.string().trim().max(CASE_FILE_DESCRIPTION_MAX_LENGTH);

export const createCaseFileRequestSchema = z
  .object({
    account_id: z.string().min(1),
    title: caseFileTitleSchema,
    description: caseFileDescriptionSchema.default(''),
    color: caseFileColorSchema.default('blue'),
  })
  .meta({ id: 'CreateCaseFileRequest' });
export type CreateCaseFileRequest = z.input<typeof createCaseFileRequestSchema>;

export const updateCaseFileRequestSchema = z
  .object({
    title: caseFileTitleSchema.optional(),
    description: caseFileDescriptionSchema.optional(),
    color: caseFileColorSchema.optional(),
  })
  .meta({ id: 'UpdateCaseFileRequest' });
export type UpdateCaseFileRequest = z.infer<typeof updateCaseFileRequestSchema>;

/** A letter an item links to, as the item shows it. */
export const caseFileLetterRefSchema = z
  .object({
    id: z.string(),
    direction: letterDirectionSchema,
    kind: letterKindSchema,
    subject: z.string(),
    /**
     * inbound: the provider or person who wrote it; outbound: the first recipient's name
     * (or the provider a reply went to).
     */
    counterpart: z.string(),
    created_at: z.iso.datetime(),
    /** The letter is in the trash: shown, but not opened from the item. */
    trashed: z.boolean(),
  })
  .meta({ id: 'CaseFileLetterRef' });
export type CaseFileLetterRef = z.infer<typeof caseFileLetterRefSchema>;

/** An attachment of an item: one of the account's uploads. */
export const caseFileAttachmentSchema = z
  .object({
    upload_id: z.string(),
    name: z.string(),
    content_type: uploadContentTypeSchema,
    size: z.number().int(),
    has_thumbnail: z.boolean(),
    /** The upload is in the trash. */
    trashed: z.boolean(),
  })
  .meta({ id: 'CaseFileAttachment' });
export type CaseFileAttachment = z.infer<typeof caseFileAttachmentSchema>;

/** An entry of the timeline. */
export const caseFileItemSummarySchema = z
  .object({
    id: z.string(),
    file_id: z.string(),
    title: z.string(),
    /** YYYY-MM-DD. */
    date: z.iso.date(),
    /** The notes' first CASE_FILE_NOTES_SNIPPET_LENGTH characters, on one line. */
    notes_snippet: z.string(),
    /** The first three linked letters; `letter_count` counts all. */
    letters: z.array(caseFileLetterRefSchema),
    letter_count: z.number().int(),
    /** The first three attachments; `attachment_count` counts all. */
    attachments: z.array(caseFileAttachmentSchema),
    attachment_count: z.number().int(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'CaseFileItemSummary' });
export type CaseFileItemSummary = z.infer<typeof caseFileItemSummarySchema>;

export const caseFileTimelineQuerySchema = z.object({
  cursor: z.string().max(512).optional().describe('Opaque; from next_cursor'),
  limit: z.coerce.number().int().min(1).max(100).default(CASE_FILE_PAGE_SIZE),
});
export type CaseFileTimelineQuery = z.input<typeof caseFileTimelineQuerySchema>;

/** Items newest first (by date, then by creation); the client groups them by month. */
export const caseFileTimelineSchema = z
  .object({ items: z.array(caseFileItemSummarySchema), next_cursor: z.string().nullable() })
  .meta({ id: 'CaseFileTimeline' });
export type CaseFileTimeline = z.infer<typeof caseFileTimelineSchema>;

export const caseFileItemSchema = z
  .object({
    id: z.string(),
    file_id: z.string(),
    file_title: z.string(),
    file_color: caseFileColorSchema,
    title: z.string(),
    date: z.iso.date(),
    notes: z.string(),
    letters: z.array(caseFileLetterRefSchema),
    attachments: z.array(caseFileAttachmentSchema),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
    trashed_at: z.iso.datetime().nullable(),
  })
  .meta({ id: 'CaseFileItem' });
export type CaseFileItem = z.infer<typeof caseFileItemSchema>;

export const caseFileItemTitleSchema = shownText().min(1).max(CASE_FILE_ITEM_TITLE_MAX_LENGTH);
export const caseFileItemNotesSchema = z.string().max(CASE_FILE_ITEM_NOTES_MAX_LENGTH);
const linkIdsSchema = z.array(z.string().min(1).max(64)).max(CASE_FILE_ITEM_MAX_LINKS);

export const createCaseFileItemRequestSchema = z
  .object({
    title: caseFileItemTitleSchema,
    date: z.iso.date(),
    notes: caseFileItemNotesSchema.default(''),
    /** Letters of the file's account (received or sent), in this order. */
    letter_ids: linkIdsSchema.default([]),
    /** Uploads of the file's account (a file from the computer is uploaded first). */
    upload_ids: linkIdsSchema.default([]),
  })
  .meta({ id: 'CreateCaseFileItemRequest' });
export type CreateCaseFileItemRequest = z.input<typeof createCaseFileItemRequestSchema>;

/** Only the fields given change; `letter_ids` and `upload_ids` replace the lists. */
export const updateCaseFileItemRequestSchema = z
  .object({
    title: caseFileItemTitleSchema.optional(),
    date: z.iso.date().optional(),
    notes: caseFileItemNotesSchema.optional(),
    letter_ids: linkIdsSchema.optional(),
    upload_ids: linkIdsSchema.optional(),
  })
  .meta({ id: 'UpdateCaseFileItemRequest' });
export type UpdateCaseFileItemRequest = z.infer<typeof updateCaseFileItemRequestSchema>;

export const moveCaseFileItemRequestSchema = z
  .object({ file_id: z.string().min(1).max(64) })
  .meta({ id: 'MoveCaseFileItemRequest' });
export type MoveCaseFileItemRequest = z.infer<typeof moveCaseFileItemRequestSchema>;

/** item_each: an item per letter or upload, titled and dated like it; one_item: one item with all. */
export const addToCaseFileModes = ['item_each', 'one_item'] as const;
export const addToCaseFileModeSchema = z.enum(addToCaseFileModes);
export type AddToCaseFileMode = z.infer<typeof addToCaseFileModeSchema>;

/**
 * "Add to a file" from the inbox, the outbox, search results, the uploads and a letter's page:
 * letters (received or sent) and uploads of the file's account.
 */
export const addToCaseFileRequestSchema = z
  .object({
    letter_ids: z.array(z.string().min(1).max(64)).max(CASE_FILE_ADD_MAX_LETTERS).default([]),
    upload_ids: z.array(z.string().min(1).max(64)).max(CASE_FILE_ADD_MAX_LETTERS).default([]),
    mode: addToCaseFileModeSchema.default('item_each'),
    /** one_item: its title (default: the first letter's subject or upload's name) and date (default: today). */
    title: caseFileItemTitleSchema.optional(),
    date: z.iso.date().optional(),
    notes: caseFileItemNotesSchema.optional(),
  })
  .refine((body) => body.letter_ids.length + body.upload_ids.length > 0, {
    message: 'Choose at least one letter or upload',
    path: ['letter_ids'],
  })
  .meta({ id: 'AddToCaseFileRequest' });
export type AddToCaseFileRequest = z.input<typeof addToCaseFileRequestSchema>;

export const addToCaseFileResultSchema = z
  .object({
    /** The items made, in timeline order. */
    item_ids: z.array(z.string()),
    /** Letters and uploads that were in the file already (item_each skips them). */
    already_in_file: z.number().int(),
  })
  .meta({ id: 'AddToCaseFileResult' });
export type AddToCaseFileResult = z.infer<typeof addToCaseFileResultSchema>;

export const caseFileRefSchema = z
  .object({ id: z.string(), title: z.string(), color: caseFileColorSchema })
  .meta({ id: 'CaseFileRef' });
export type CaseFileRef = z.infer<typeof caseFileRefSchema>;

/** What the letter page shows: the files the letter is in, and files it might belong to. */
export const letterCaseFilesSchema = z
  .object({
    /** Files (not in the trash) with a live item linking the letter, with that item. */
    files: z.array(caseFileRefSchema.extend({ item_id: z.string(), item_title: z.string() })),
    /**
     * Files the letter is not in whose items carry a reference number the letter carries
     * too (Aktenzeichen, customer or contract number); `reference` as the file's item wrote it.
     */
    suggestions: z.array(z.object({ file: caseFileRefSchema, reference: z.string() })),
  })
  .meta({ id: 'LetterCaseFiles' });
export type LetterCaseFiles = z.infer<typeof letterCaseFilesSchema>;

/** A file in the trash; `item_count` counts the items that went with it. */
export const trashedCaseFileSchema = caseFileRefSchema
  .extend({ item_count: z.number().int(), trashed_at: z.iso.datetime() })
  .meta({ id: 'TrashedCaseFile' });
export type TrashedCaseFile = z.infer<typeof trashedCaseFileSchema>;
