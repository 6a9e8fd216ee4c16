import { z } from 'zod';
import { trashedContactSchema } from '../contacts/index.ts';
import { trashedFolderSchema } from '../folders/index.ts';
import { uploadSummarySchema } from '../uploads/index.ts';

export const emptyTrashRequestSchema = z.object({ account_id: z.string().min(1) });
export type EmptyTrashRequest = z.infer<typeof emptyTrashRequestSchema>;

/** What the account's trash holds: its letters are listed by the letters API (view=trash). */
export const trashSummarySchema = z
  .object({
    letter_count: z.number().int(),
    folders: z.array(trashedFolderSchema),
    /** Trashed uploads, most recently trashed first. */
    uploads: z.array(uploadSummarySchema),
    /** Trashed address-book contacts, most recently trashed first. */
    contacts: z.array(trashedContactSchema),
    /** Days after which the trash is emptied by itself (TRASH_RETENTION_DAYS). */
    retention_days: z.number().int().positive(),
  })
  .meta({ id: 'TrashSummary' });
export type TrashSummary = z.infer<typeof trashSummarySchema>;
