import { endpoint } from '../api/index.ts';
import {
  addToCaseFileRequestSchema,
  addToCaseFileResultSchema,
  caseFileItemSchema,
  caseFileListQuerySchema,
  caseFileListSchema,
  caseFileSchema,
  caseFileTimelineQuerySchema,
  caseFileTimelineSchema,
  createCaseFileItemRequestSchema,
  createCaseFileRequestSchema,
  letterCaseFilesSchema,
  moveCaseFileItemRequestSchema,
  updateCaseFileItemRequestSchema,
  updateCaseFileRequestSchema,
} from './index.ts';

export const caseFileEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/case-files',
    query: caseFileListQuerySchema,
    answer: caseFileListSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/case-files',
    body: createCaseFileRequestSchema,
    answer: caseFileSchema,
  }),
  get: endpoint({ method: 'GET', path: '/api/case-files/:id', answer: caseFileSchema }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/case-files/:id',
    body: updateCaseFileRequestSchema,
    answer: caseFileSchema,
  }),
  trash: endpoint({ method: 'DELETE', path: '/api/case-files/:id' }),
  restore: endpoint({
    method: 'POST',
    path: '/api/trash/case-files/:id/restore',
    answer: caseFileSchema,
  }),
  /** From the trash for good, with its items. */
  deleteForever: endpoint({ method: 'DELETE', path: '/api/trash/case-files/:id' }),
  ofLetter: endpoint({
    method: 'GET',
    path: '/api/case-files/of-letter/:letterId',
    answer: letterCaseFilesSchema,
  }),
  add: endpoint({
    method: 'POST',
    path: '/api/case-files/:id/add',
    body: addToCaseFileRequestSchema,
    answer: addToCaseFileResultSchema,
  }),
  timeline: endpoint({
    method: 'GET',
    path: '/api/case-files/:id/items',
    query: caseFileTimelineQuerySchema,
    answer: caseFileTimelineSchema,
  }),
  createItem: endpoint({
    method: 'POST',
    path: '/api/case-files/:id/items',
    body: createCaseFileItemRequestSchema,
    answer: caseFileItemSchema,
  }),
  getItem: endpoint({
    method: 'GET',
    path: '/api/case-files/:id/items/:itemId',
    answer: caseFileItemSchema,
  }),
  updateItem: endpoint({
    method: 'PATCH',
    path: '/api/case-files/:id/items/:itemId',
    body: updateCaseFileItemRequestSchema,
    answer: caseFileItemSchema,
  }),
  moveItem: endpoint({
    method: 'POST',
    path: '/api/case-files/:id/items/:itemId/move',
    body: moveCaseFileItemRequestSchema,
    answer: caseFileItemSchema,
  }),
  trashItem: endpoint({ method: 'DELETE', path: '/api/case-files/:id/items/:itemId' }),
  restoreItem: endpoint({
    method: 'POST',
    path: '/api/trash/case-file-items/:id/restore',
    answer: caseFileItemSchema,
  }),
  deleteItemForever: endpoint({ method: 'DELETE', path: '/api/trash/case-file-items/:id' }),
};
