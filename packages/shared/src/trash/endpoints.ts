import { endpoint } from '../api/index.ts';
import { folderSchema } from '../folders/index.ts';
import {
  emptyTrashRequestSchema,
  trashActionResultSchema,
  trashEntriesQuerySchema,
  trashEntryPageSchema,
  trashSelectionSchema,
} from './index.ts';

export const trashEndpoints = {
  entries: endpoint({
    method: 'GET',
    path: '/api/trash/entries',
    query: trashEntriesQuerySchema,
    answer: trashEntryPageSchema,
  }),
  empty: endpoint({ method: 'POST', path: '/api/trash/empty', body: emptyTrashRequestSchema }),
  restore: endpoint({
    method: 'POST',
    path: '/api/trash/restore',
    body: trashSelectionSchema,
    answer: trashActionResultSchema,
  }),
  delete: endpoint({
    method: 'POST',
    path: '/api/trash/delete',
    body: trashSelectionSchema,
    answer: trashActionResultSchema,
  }),
  restoreFolder: endpoint({
    method: 'POST',
    path: '/api/trash/folders/:id/restore',
    answer: folderSchema,
  }),
  /** A trashed folder and the letters trashed with it, for good. */
  deleteFolder: endpoint({ method: 'DELETE', path: '/api/trash/folders/:id' }),
  deleteUpload: endpoint({ method: 'DELETE', path: '/api/trash/uploads/:id' }),
  deleteContact: endpoint({ method: 'DELETE', path: '/api/trash/contacts/:id' }),
};
