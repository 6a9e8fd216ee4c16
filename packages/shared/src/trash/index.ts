import { z } from 'zod';

export const emptyTrashRequestSchema = z.object({ account_id: z.string().min(1) });
export type EmptyTrashRequest = z.infer<typeof emptyTrashRequestSchema>;

/**
 * The unified trash (DESIGN §2 `/trash`): everything trashed, of every kind, newest first.
 *
 * - GET  /api/trash/entries?account_id&kind&cursor&limit   (TrashEntryPage)
 * - POST /api/trash/restore  (TrashSelection → TrashActionResult): each back where it was
 * - POST /api/trash/delete   (TrashSelection → TrashActionResult): for good, with the documents
 *   nobody else uses
 * - POST /api/trash/empty    (existing): everything, every kind
 *
 * Letters trashed with their folder, and items trashed with their file, are not entries of
 * their own: they come back, or go, with the folder or file (its `count`).
 */
export const trashKinds = [
  'letter',
  'upload',
  'folder',
  'contact',
  'case_file',
  'case_file_item',
] as const;
export const trashKindSchema = z.enum(trashKinds);
export type TrashKind = z.infer<typeof trashKindSchema>;

/** Where an entry goes back to when restored. */
export const trashOriginKinds = [
  'inbox',
  'outbox',
  'folder',
  'uploads',
  'address_book',
  'files',
  'case_file',
] as const;
export const trashOriginSchema = z
  .object({
    kind: z.enum(trashOriginKinds),
    /** The folder's or case file's id; null for the other places. */
    id: z.string().nullable(),
    /** The folder's or case file's name; null for the other places. */
    name: z.string().nullable(),
  })
  .meta({ id: 'TrashOrigin' });
export type TrashOrigin = z.infer<typeof trashOriginSchema>;

export const trashEntrySchema = z
  .object({
    kind: trashKindSchema,
    id: z.string(),
    /** A letter's subject, an upload's name, a folder's name, a contact's name, a file's title. */
    name: z.string(),
    /**
     * A second line: a letter's sender or recipient, an upload's size and type, a contact's
     * organisation or e-mail; null when there is nothing to add.
     */
    detail: z.string().nullable(),
    /** Folders: the letters that went with it; case files: the items that went with it. */
    count: z.number().int().nullable(),
    origin: trashOriginSchema,
    trashed_at: z.iso.datetime(),
  })
  .meta({ id: 'TrashEntry' });
export type TrashEntry = z.infer<typeof trashEntrySchema>;

export const trashEntriesQuerySchema = z.object({
  account_id: z.string().min(1),
  kind: trashKindSchema.optional(),
  cursor: z.string().max(512).optional().describe('Opaque; from next_cursor, for the same kind'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type TrashEntriesQuery = z.input<typeof trashEntriesQuerySchema>;

export const trashCountsSchema = z.object({
  letter: z.number().int(),
  upload: z.number().int(),
  folder: z.number().int(),
  contact: z.number().int(),
  case_file: z.number().int(),
  case_file_item: z.number().int(),
} satisfies Record<TrashKind, z.ZodNumber>);
export type TrashCounts = Record<TrashKind, number>;

export const trashEntryPageSchema = z
  .object({
    entries: z.array(trashEntrySchema),
    next_cursor: z.string().nullable(),
    /** Entries of each kind (not just this page's). */
    counts: trashCountsSchema,
    retention_days: z.number().int().positive(),
  })
  .meta({ id: 'TrashEntryPage' });
export type TrashEntryPage = z.infer<typeof trashEntryPageSchema>;

export const TRASH_SELECTION_MAX = 200;

export const trashSelectionSchema = z
  .object({
    account_id: z.string().min(1),
    entries: z
      .array(z.object({ kind: trashKindSchema, id: z.string().min(1).max(64) }))
      .min(1)
      .max(TRASH_SELECTION_MAX),
  })
  .meta({ id: 'TrashSelection' });
export type TrashSelection = z.infer<typeof trashSelectionSchema>;

export const trashActionResultSchema = z
  .object({
    /** Entries restored or deleted; one no longer in the trash is skipped, not an error. */
    count: z.number().int(),
    /** Restored folders or files whose name was taken came back renamed ("Tax (2)"). */
    renamed: z.array(z.object({ kind: trashKindSchema, id: z.string(), name: z.string() })),
  })
  .meta({ id: 'TrashActionResult' });
export type TrashActionResult = z.infer<typeof trashActionResultSchema>;
