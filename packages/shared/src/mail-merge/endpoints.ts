import { endpoint } from '../api/index.ts';
import {
  mailMergeCsvInspectionSchema,
  mailMergeDefinitionSchema,
  mailMergeInspectRequestSchema,
  mailMergeListSchema,
  mailMergePreviewSchema,
  mailMergeRowPageSchema,
  mailMergeRowsQuerySchema,
  mailMergeSchema,
} from './index.ts';

export const mailMergeEndpoints = {
  inspect: endpoint({
    method: 'POST',
    path: '/api/mail-merges/inspect',
    body: mailMergeInspectRequestSchema,
    answer: mailMergeCsvInspectionSchema,
  }),
  preview: endpoint({
    method: 'POST',
    path: '/api/mail-merges/preview',
    body: mailMergeDefinitionSchema,
    answer: mailMergePreviewSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/mail-merges',
    body: mailMergeDefinitionSchema,
    answer: mailMergeSchema,
  }),
  list: endpoint({ method: 'GET', path: '/api/mail-merges', answer: mailMergeListSchema }),
  get: endpoint({ method: 'GET', path: '/api/mail-merges/:id', answer: mailMergeSchema }),
  rows: endpoint({
    method: 'GET',
    path: '/api/mail-merges/:id/rows',
    query: mailMergeRowsQuerySchema,
    answer: mailMergeRowPageSchema,
  }),
  /** The rows that failed, as CSV, downloaded by the browser. */
  failedRowsCsv: endpoint({ method: 'GET', path: '/api/mail-merges/:id/failed-rows.csv' }),
};
