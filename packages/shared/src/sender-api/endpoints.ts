import { endpoint, multipart } from '../api/index.ts';
import {
  senderFormListSchema,
  senderFormPublishedSchema,
  senderFormRequestSchema,
  senderFormSchema,
} from '../forms/index.ts';
import {
  deliveredLetterSchema,
  senderLetterStatusSchema,
  senderMessagePageSchema,
  senderMessageQuerySchema,
  webhookConfigRequestSchema,
  webhookConfigSchema,
} from './index.ts';

/**
 * The Sender API (/api/sender/v1), the public contract for providers, behind their API key.
 * The server registers its routes from these; providers call it with their own clients.
 */
export const senderApiEndpoints = {
  /** A `metadata` JSON part and 1–10 `document` PDF parts; carries `Idempotency-Key`. */
  deliverLetter: endpoint({
    method: 'POST',
    path: '/api/sender/v1/letters',
    body: multipart,
    answer: deliveredLetterSchema,
  }),
  letterStatus: endpoint({
    method: 'GET',
    path: '/api/sender/v1/letters/:id',
    answer: senderLetterStatusSchema,
  }),
  cancelInvoice: endpoint({
    method: 'POST',
    path: '/api/sender/v1/letters/:id/cancel-invoice',
    answer: senderLetterStatusSchema,
  }),
  cancelSignature: endpoint({
    method: 'POST',
    path: '/api/sender/v1/letters/:id/cancel-signature',
    answer: senderLetterStatusSchema,
  }),
  /** The sealed PDF of a signature request. */
  signedDocument: endpoint({ method: 'GET', path: '/api/sender/v1/letters/:id/signed-document' }),
  messages: endpoint({
    method: 'GET',
    path: '/api/sender/v1/messages',
    query: senderMessageQuerySchema,
    answer: senderMessagePageSchema,
  }),
  /** The bytes of a message's attachment. */
  messageDocument: endpoint({
    method: 'GET',
    path: '/api/sender/v1/messages/:id/documents/:documentId',
  }),
  webhook: endpoint({ method: 'GET', path: '/api/sender/v1/webhook', answer: webhookConfigSchema }),
  setWebhook: endpoint({
    method: 'PUT',
    path: '/api/sender/v1/webhook',
    body: webhookConfigRequestSchema,
    answer: webhookConfigSchema,
  }),
  publishForm: endpoint({
    method: 'POST',
    path: '/api/sender/v1/forms',
    body: senderFormRequestSchema,
    answer: senderFormPublishedSchema,
  }),
  publishFormVersion: endpoint({
    method: 'PUT',
    path: '/api/sender/v1/forms/:id',
    body: senderFormRequestSchema,
    answer: senderFormPublishedSchema,
  }),
  forms: endpoint({ method: 'GET', path: '/api/sender/v1/forms', answer: senderFormListSchema }),
  form: endpoint({ method: 'GET', path: '/api/sender/v1/forms/:id', answer: senderFormSchema }),
  /** Withdraw a form; its submissions are kept. */
  withdrawForm: endpoint({ method: 'DELETE', path: '/api/sender/v1/forms/:id' }),
};
