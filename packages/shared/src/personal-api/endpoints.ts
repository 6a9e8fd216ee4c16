import { endpoint } from '../api/index.ts';
import {
  personalLetterPageSchema,
  personalLetterQuerySchema,
  personalLetterSchema,
} from './index.ts';

/**
 * The personal API (/api/personal/v1), behind a personal access token: a person's scripts call
 * it with their own clients (curl, a few lines of Node), never the web app.
 */
export const personalApiEndpoints = {
  letters: endpoint({
    method: 'GET',
    path: '/api/personal/v1/letters',
    query: personalLetterQuerySchema,
    answer: personalLetterPageSchema,
  }),
  letter: endpoint({
    method: 'GET',
    path: '/api/personal/v1/letters/:id',
    answer: personalLetterSchema,
  }),
  /** The bytes of a letter's document. */
  document: endpoint({
    method: 'GET',
    path: '/api/personal/v1/letters/:id/documents/:documentId',
  }),
  markRead: endpoint({ method: 'POST', path: '/api/personal/v1/letters/:id/read' }),
};
