import { endpoint } from '../api/index.ts';
import { letterDetailSchema } from '../letters/index.ts';
import {
  createDraftRequestSchema,
  letterDraftListSchema,
  letterDraftSchema,
  sendLetterRequestSchema,
  updateDraftRequestSchema,
} from './index.ts';

export const outboxEndpoints = {
  send: endpoint({
    method: 'POST',
    path: '/api/outbox/letters',
    body: sendLetterRequestSchema,
    answer: letterDetailSchema,
  }),
  drafts: endpoint({ method: 'GET', path: '/api/letter-drafts', answer: letterDraftListSchema }),
  createDraft: endpoint({
    method: 'POST',
    path: '/api/letter-drafts',
    body: createDraftRequestSchema,
    answer: letterDraftSchema,
  }),
  draft: endpoint({ method: 'GET', path: '/api/letter-drafts/:id', answer: letterDraftSchema }),
  updateDraft: endpoint({
    method: 'PUT',
    path: '/api/letter-drafts/:id',
    body: updateDraftRequestSchema,
    answer: letterDraftSchema,
  }),
  deleteDraft: endpoint({ method: 'DELETE', path: '/api/letter-drafts/:id' }),
};
