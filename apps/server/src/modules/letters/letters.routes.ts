import { letterEndpoints } from '@kuvert/shared/letters/endpoints';
import { declared } from '../../plugins/declared-routes.ts';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bulkLetterRequestSchema,
  bulkLetterResultSchema,
  letterDetailSchema,
  letterListQuerySchema,
  letterNeighboursQuerySchema,
  letterNeighboursSchema,
  letterPageSchema,
} from '@kuvert/shared/letters';
import {
  binaryResponse,
  documentContentTypes,
  errorResponses,
  noContentSchema,
} from '../../plugins/openapi.ts';
import { sendDocument, sendRangeNotSatisfiable } from '../../plugins/send-document.ts';
import { requireSession } from '../../plugins/session.ts';
import { multipartValidatorCompiler } from '../../plugins/uploads.ts';
import { replyToLetter } from '../outbox/letter-replies.service.ts';
import { getLetterForm } from '../sender-api/sender-forms.service.ts';
import { getLetterSignature } from '../signatures/signatures.service.ts';
import { getLetterNeighbours } from './letter-neighbours.service.ts';
import { openLetterDocument } from './letter-documents.service.ts';
import {
  getLetterDetail,
  listLetters,
  markLetterRead,
  markLetterUnread,
  updateLetters,
  type LetterDetailParts,
} from './letters.service.ts';

const letterParamsSchema = z.object({ id: z.string().min(1).max(64) });
const documentParamsSchema = letterParamsSchema.extend({ documentId: z.string().min(1).max(64) });
const contentQuerySchema = z.object({
  disposition: z.enum(['inline', 'attachment']).default('attachment'),
});
const replyBodySchema = z
  .object({
    subject: z.string().describe('1–200 characters'),
    body: z.string().describe('1–20000 characters'),
    attachment: z
      .array(z.file())
      .optional()
      .describe('PDFs or images, 25 MB each; each also becomes an upload of the account'),
    upload_ids: z
      .array(z.string())
      .optional()
      .describe('One part per stored upload of the account to attach (PDFs and images)'),
  })
  .describe('multipart/form-data');

/**
 * A letter's detail as every route answers it (this one, a reply, a sent letter): the letter
 * with its signature request and the provider's form it names, composed here, above the areas.
 */
export async function answerLetterDetail(
  app: FastifyInstance,
  userId: string,
  letterId: string,
): ReturnType<typeof getLetterDetail> {
  const parts: LetterDetailParts = {
    signature: (letter) => getLetterSignature(app, userId, letter),
    form: (letter) => getLetterForm(app.db, letter),
  };
  return getLetterDetail(app, userId, letterId, parts);
}

export const letterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    declared.get(letterEndpoints.list),
    {
      schema: {
        tags: ['letters'],
        summary: 'A page of letters of one account and view, newest first (keyset cursor)',
        querystring: letterListQuerySchema,
        response: { 200: letterPageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => listLetters(app, requireSession(request).userId, request.query),
  );

  app.get(
    declared.get(letterEndpoints.get),
    {
      schema: {
        tags: ['letters'],
        summary: 'One letter with body, documents and replies',
        params: letterParamsSchema,
        response: { 200: letterDetailSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => answerLetterDetail(app, requireSession(request).userId, request.params.id),
  );

  app.get(
    declared.get(letterEndpoints.neighbours),
    {
      schema: {
        tags: ['letters'],
        summary: 'The letters just newer and just older in the list the letter was opened from',
        params: letterParamsSchema,
        querystring: letterNeighboursQuerySchema,
        response: { 200: letterNeighboursSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      getLetterNeighbours(app, requireSession(request).userId, request.params.id, request.query),
  );

  app.post(
    declared.post(letterEndpoints.markRead),
    {
      schema: {
        tags: ['letters'],
        summary: 'Mark read (the client calls this on opening); tells the provider the first time',
        params: letterParamsSchema,
        response: { 204: noContentSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await markLetterRead(app, requireSession(request).userId, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    declared.post(letterEndpoints.markUnread),
    {
      schema: {
        tags: ['letters'],
        summary: 'Mark unread',
        params: letterParamsSchema,
        response: { 204: noContentSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await markLetterUnread(app, requireSession(request).userId, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    declared.post(letterEndpoints.bulk),
    {
      schema: {
        tags: ['letters'],
        summary: 'One action on many letters; any letter not the caller’s makes it 404',
        body: bulkLetterRequestSchema,
        response: { 200: bulkLetterResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => updateLetters(app, requireSession(request).userId, request.body),
  );

  app.post(
    declared.post(letterEndpoints.reply),
    {
      schema: {
        tags: ['letters'],
        summary:
          'Reply to a provider or a Kuvert user: multipart with subject, body, attachment files and upload_ids (10 attachments at most)',
        consumes: ['multipart/form-data'],
        params: letterParamsSchema,
        body: replyBodySchema,
        response: { 201: letterDetailSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
      validatorCompiler: multipartValidatorCompiler,
    },
    async (request, reply) => {
      const session = requireSession(request);
      const replyId = await replyToLetter(app, session.userId, request.params.id, request);
      return reply.status(201).send(await answerLetterDetail(app, session.userId, replyId));
    },
  );

  app.get(
    declared.get(letterEndpoints.documentContent),
    {
      schema: {
        tags: ['letters'],
        summary: 'Download or show a document; supports a single HTTP Range',
        params: documentParamsSchema,
        querystring: contentQuerySchema,
        response: {
          200: binaryResponse('The file', documentContentTypes),
          ...errorResponses(401, 404),
        },
      },
      // Documents are streamed with their length (and ranges); compression would break both.
      compress: false,
    },
    async (request, reply) => {
      const session = requireSession(request);
      const { id, documentId } = request.params;
      const content = await openLetterDocument(
        app,
        session.userId,
        id,
        documentId,
        request.headers.range,
      );
      if ('unsatisfiable' in content) return sendRangeNotSatisfiable(reply, content.size);
      return sendDocument(reply, content, request.query.disposition);
    },
  );
};
