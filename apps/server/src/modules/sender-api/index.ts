import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deliveredLetterSchema,
  letterMetadataSchema,
  senderLetterStatusSchema,
  senderMessagePageSchema,
  senderMessageQuerySchema,
  webhookConfigRequestSchema,
  webhookConfigSchema,
} from '@kuvert/shared/sender-api';
import {
  binaryResponse,
  documentContentTypes,
  errorResponses,
  filePart,
  jsonPart,
} from '../../plugins/openapi.ts';
import { sendDocument } from '../../plugins/send-document.ts';
import { multipartValidatorCompiler } from '../../plugins/uploads.ts';
import { setProviderWebhook, toWebhookConfig } from '../providers/providers.service.ts';
import { idempotencyKeyOf } from './idempotency.ts';
import { addApiKeyAuthentication, requireProvider } from './sender-auth.ts';
import {
  getSenderLetterStatus,
  listSenderMessages,
  openMessageDocument,
  submitLetter,
} from './sender-api.service.ts';
import { cancelSenderInvoice, cancelSenderSignature } from './sender-cancellations.service.ts';
import { registerSenderFormRoutes } from './sender-forms.routes.ts';
import { senderApiEndpoints } from '@kuvert/shared/sender-api/endpoints';
import {
  apiKeyAuth,
  declaredSenderRoute,
  idempotencyHeadersSchema,
  idParamsSchema,
  security,
  tags,
} from './sender-route-options.ts';
import { openSealedDocument } from '../signatures/signature-provider.service.ts';

const messageDocumentParamsSchema = idParamsSchema.extend({
  documentId: z.string().min(1).max(64),
});
const cancelHeadersSchema = z.object({
  'idempotency-key': idempotencyHeadersSchema.shape['idempotency-key'].describe(
    'A retry with the same key returns the first answer; the key cannot be reused for another request',
  ),
});
const letterBodySchema = z
  .object({
    metadata: jsonPart(
      letterMetadataSchema,
      'A SenderLetterMetadata object as JSON (recipient, subject, kind, …)',
    ),
    document: z.array(filePart('application/pdf')).describe('1–10 PDF files, up to 20 MB each'),
  })
  .describe('multipart/form-data');

/** The Sender API for providers: a public contract (DESIGN §6). */
export const senderApiRoutes: FastifyPluginAsyncZod = async (app) => {
  addApiKeyAuthentication(app);

  app.post(
    declaredSenderRoute.post(senderApiEndpoints.deliverLetter),
    {
      config: apiKeyAuth,
      schema: {
        tags,
        security,
        summary: 'Deliver a letter: multipart with a `metadata` JSON part and `document` PDF parts',
        consumes: ['multipart/form-data'],
        headers: idempotencyHeadersSchema,
        body: letterBodySchema,
        response: {
          201: deliveredLetterSchema,
          ...errorResponses(400, 401, 409, 413, 415, 422),
        },
      },
      validatorCompiler: multipartValidatorCompiler,
    },
    async (request, reply) => {
      const provider = requireProvider(request);
      const delivered = await submitLetter(app, provider, request, idempotencyKeyOf(request));
      return reply.status(201).send(delivered);
    },
  );

  app.get(
    declaredSenderRoute.get(senderApiEndpoints.letterStatus),
    {
      config: apiKeyAuth,
      schema: {
        tags,
        security,
        summary:
          'Delivery, read, payment (invoices) and signing (signature requests) status of one of your letters',
        params: idParamsSchema,
        response: { 200: senderLetterStatusSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => getSenderLetterStatus(app, requireProvider(request).id, request.params.id),
  );

  app.post(
    declaredSenderRoute.post(senderApiEndpoints.cancelInvoice),
    {
      config: apiKeyAuth,
      schema: {
        tags,
        security,
        summary:
          'Cancel an unpaid invoice (the user no longer sees it as owed); 409 when paid or a payment is under way',
        params: idParamsSchema,
        headers: cancelHeadersSchema,
        response: { 200: senderLetterStatusSchema, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) =>
      cancelSenderInvoice(
        app,
        requireProvider(request),
        request.params.id,
        idempotencyKeyOf(request),
      ),
  );

  app.post(
    declaredSenderRoute.post(senderApiEndpoints.cancelSignature),
    {
      config: apiKeyAuth,
      schema: {
        tags,
        security,
        summary:
          'Withdraw a pending signature request (the signers can no longer sign); 409 SIGNATURE_CLOSED once completed, declined or expired',
        params: idParamsSchema,
        headers: cancelHeadersSchema,
        response: { 200: senderLetterStatusSchema, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) =>
      cancelSenderSignature(
        app,
        requireProvider(request),
        request.params.id,
        idempotencyKeyOf(request),
      ),
  );

  app.get(
    declaredSenderRoute.get(senderApiEndpoints.signedDocument),
    {
      config: apiKeyAuth,
      schema: {
        tags,
        security,
        summary:
          'The sealed PDF of a completed or declined signature request; 409 SIGNATURE_PENDING until it is sealed',
        params: idParamsSchema,
        response: {
          200: binaryResponse('The sealed PDF', ['application/pdf']),
          ...errorResponses(401, 404, 409),
        },
      },
      compress: false,
    },
    async (request, reply) => {
      const document = await openSealedDocument(
        app,
        requireProvider(request).id,
        request.params.id,
      );
      return sendDocument(reply, document, 'attachment');
    },
  );

  app.get(
    declaredSenderRoute.get(senderApiEndpoints.messages),
    {
      config: apiKeyAuth,
      schema: {
        tags,
        security,
        summary:
          'What users sent you, newest first: letters (replies and letters to you) and form submissions; follow next_cursor',
        querystring: senderMessageQuerySchema,
        response: { 200: senderMessagePageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => listSenderMessages(app, requireProvider(request).id, request.query),
  );

  app.get(
    declaredSenderRoute.get(senderApiEndpoints.messageDocument),
    {
      config: apiKeyAuth,
      schema: {
        tags,
        security,
        summary: 'Download an attachment of a message',
        params: messageDocumentParamsSchema,
        response: {
          200: binaryResponse('The file', documentContentTypes),
          ...errorResponses(401, 404),
        },
      },
      compress: false,
    },
    async (request, reply) => {
      const { id, documentId } = request.params;
      const document = await openMessageDocument(app, requireProvider(request).id, id, documentId);
      return sendDocument(reply, document, 'attachment');
    },
  );

  registerSenderFormRoutes(app);

  app.get(
    declaredSenderRoute.get(senderApiEndpoints.webhook),
    {
      config: apiKeyAuth,
      schema: {
        tags,
        security,
        summary: 'Your webhook URL and signing secret',
        response: { 200: webhookConfigSchema, ...errorResponses(401) },
      },
    },
    async (request) => toWebhookConfig(requireProvider(request)),
  );

  app.put(
    declaredSenderRoute.put(senderApiEndpoints.setWebhook),
    {
      config: apiKeyAuth,
      schema: {
        tags,
        security,
        summary: 'Set the webhook URL; answers a new signing secret each time',
        body: webhookConfigRequestSchema,
        response: { 200: webhookConfigSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => setProviderWebhook(app, requireProvider(request).id, request.body.url),
  );
};
