import { z } from 'zod';
import { shownText } from '../text/index.ts';

export const FOLDER_NAME_MAX_LENGTH = 60;

export const folderSchema = z
  .object({
    id: z.string(),
    account_id: z.string(),
    name: z.string(),
    letter_count: z.number().int(),
    unread_count: z.number().int(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'Folder' });
export type Folder = z.infer<typeof folderSchema>;

export const folderListSchema = z.object({ folders: z.array(folderSchema) });
export type FolderList = z.infer<typeof folderListSchema>;

export const folderIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const folderNameSchema = shownText().min(1).max(FOLDER_NAME_MAX_LENGTH);

export const createFolderRequestSchema = z
  .object({ account_id: z.string().min(1), name: folderNameSchema })
  .meta({ id: 'CreateFolderRequest' });
export type CreateFolderRequest = z.infer<typeof createFolderRequestSchema>;

export const renameFolderRequestSchema = z
  .object({ name: folderNameSchema })
  .meta({ id: 'RenameFolderRequest' });
export type RenameFolderRequest = z.infer<typeof renameFolderRequestSchema>;
