import { endpoint } from '../api/index.ts';
import {
  createFolderRequestSchema,
  folderListSchema,
  folderSchema,
  renameFolderRequestSchema,
} from './index.ts';

export const folderEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/folders', answer: folderListSchema }),
  create: endpoint({
    method: 'POST',
    path: '/api/folders',
    body: createFolderRequestSchema,
    answer: folderSchema,
  }),
  rename: endpoint({
    method: 'PATCH',
    path: '/api/folders/:id',
    body: renameFolderRequestSchema,
    answer: folderSchema,
  }),
  delete: endpoint({ method: 'DELETE', path: '/api/folders/:id' }),
};
