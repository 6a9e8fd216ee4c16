import { endpoint } from '../api/index.ts';
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
};
