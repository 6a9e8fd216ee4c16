import { endpoint, multipart } from '../api/index.ts';
import {
  bulkLetterRequestSchema,
  bulkLetterResultSchema,
  letterDetailSchema,
  letterListQuerySchema,
  letterNeighboursQuerySchema,
  letterNeighboursSchema,
  letterPageSchema,
} from './index.ts';

export const letterEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/letters',
    query: letterListQuerySchema,
    answer: letterPageSchema,
  }),
  get: endpoint({ method: 'GET', path: '/api/letters/:id', answer: letterDetailSchema }),
  neighbours: endpoint({
    method: 'GET',
    path: '/api/letters/:id/neighbours',
    query: letterNeighboursQuerySchema,
    answer: letterNeighboursSchema,
  }),
  markRead: endpoint({ method: 'POST', path: '/api/letters/:id/read' }),
  markUnread: endpoint({ method: 'POST', path: '/api/letters/:id/unread' }),
  bulk: endpoint({
    method: 'POST',
    path: '/api/letters/bulk',
    body: bulkLetterRequestSchema,
    answer: bulkLetterResultSchema,
  }),
  reply: endpoint({
    method: 'POST',
    path: '/api/letters/:id/replies',
    body: multipart,
    answer: letterDetailSchema,
  }),
  /** A document's bytes, `?disposition=inline|attachment`. */
  documentContent: endpoint({
    method: 'GET',
    path: '/api/letters/:id/documents/:documentId/content',
  }),
  /** The print-ready PDF of a postal recipient. */
  printPdf: endpoint({ method: 'GET', path: '/api/letters/:id/recipients/:recipientId/print.pdf' }),
};
