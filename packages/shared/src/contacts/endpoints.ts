import { endpoint, multipart } from '../api/index.ts';
import {
  contactExportQuerySchema,
  contactImportPreviewQuerySchema,
  contactImportPreviewSchema,
  contactImportRequestSchema,
  contactImportResultSchema,
  contactListQuerySchema,
  contactPageSchema,
  contactSchema,
  createContactRequestSchema,
  updateContactRequestSchema,
} from './index.ts';

export const contactEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/contacts',
    query: contactListQuerySchema,
    answer: contactPageSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/contacts',
    body: createContactRequestSchema,
    answer: contactSchema,
  }),
  get: endpoint({ method: 'GET', path: '/api/contacts/:id', answer: contactSchema }),
  update: endpoint({
    method: 'PUT',
    path: '/api/contacts/:id',
    body: updateContactRequestSchema,
    answer: contactSchema,
  }),
  trash: endpoint({ method: 'DELETE', path: '/api/contacts/:id' }),
  restore: endpoint({
    method: 'POST',
    path: '/api/trash/contacts/:id/restore',
    answer: contactSchema,
  }),
  import: endpoint({
    method: 'POST',
    path: '/api/contacts/import',
    body: contactImportRequestSchema,
    answer: contactImportResultSchema,
  }),
  previewImport: endpoint({
    method: 'POST',
    path: '/api/contacts/import/preview',
    query: contactImportPreviewQuerySchema,
    body: multipart,
    answer: contactImportPreviewSchema,
  }),
  /** A CSV file the browser downloads. */
  export: endpoint({
    method: 'GET',
    path: '/api/contacts/export',
    query: contactExportQuerySchema,
  }),
};
