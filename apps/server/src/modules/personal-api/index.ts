import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  personalLetterPageSchema,
  personalLetterQuerySchema,
  personalLetterSchema,
} from '@kuvert/shared/personal-api';
import { personalApiEndpoints } from '@kuvert/shared/personal-api/endpoints';
import { declaredUnder } from '../../plugins/declared-routes.ts';
import {
  binaryResponse,
  documentContentTypes,
  errorResponses,
  noContentSchema,
} from '../../plugins/openapi.ts';
import { sendDocument, sendRangeNotSatisfiable } from '../../plugins/send-document.ts';
import { openLetterDocument } from '../letters/letter-documents.service.ts';
import { getSyncedLetter, listLettersSince } from '../letters/letter-sync.service.ts';
import { markLetterRead } from '../letters/letters.service.ts';
import {
  accessTokenAuth,
  addAccessTokenAuthentication,
  requireAccessToken,
  requireMarkReadScope,
  security,
  tags,
} from './personal-auth.ts';
import { toPersonalLetter, toPersonalLetterPage } from './personal-api.presenter.ts';

const declaredRoute = declaredUnder('/api/personal/v1');
const letterParamsSchema = z.object({ id: z.string().min(1).max(64) });
const documentParamsSchema = letterParamsSchema.extend({ documentId: z.string().min(1).max(64) });

/**
 * The personal API (DESIGN §9): a person's letters for their own scripts, read-mostly, behind
 * a personal access token, in the mailboxes they may see now (memberships and their end dates).
 */
export const personalApiRoutes: FastifyPluginAsyncZod = async (app) => {
  addAccessTokenAuthentication(app);

  app.get(
    declaredRoute.get(personalApiEndpoints.letters),
    {
      config: accessTokenAuth,
      schema: {
        tags,
        security,
        summary:
          'Your letters in every mailbox you may see, in the order they arrived, oldest first: pass next_cursor as `since` to get only what came after (a letter shows up here 10 seconds after it arrived)',
        querystring: personalLetterQuerySchema,
        response: { 200: personalLetterPageSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) =>
      toPersonalLetterPage(
        await listLettersSince(app, requireAccessToken(request).userId, request.query),
      ),
  );

  app.get(
    declaredRoute.get(personalApiEndpoints.letter),
    {
      config: accessTokenAuth,
      schema: {
        tags,
        security,
        summary: "One letter's metadata and its documents",
        params: letterParamsSchema,
        response: { 200: personalLetterSchema, ...errorResponses(401, 404, 429) },
      },
    },
    async (request) =>
      toPersonalLetter(
        await getSyncedLetter(app, requireAccessToken(request).userId, request.params.id),
      ),
  );

  app.get(
    declaredRoute.get(personalApiEndpoints.document),
    {
      config: accessTokenAuth,
      schema: {
        tags,
        security,
        summary: 'Download a document of a letter; supports a single HTTP Range',
        params: documentParamsSchema,
        response: {
          200: binaryResponse('The file', documentContentTypes),
          ...errorResponses(401, 404, 416, 429),
        },
      },
      compress: false,
    },
    async (request, reply) => {
      const { id, documentId } = request.params;
      const content = await openLetterDocument(
        app,
        requireAccessToken(request).userId,
        id,
        documentId,
        request.headers.range,
      );
      if ('unsatisfiable' in content) return sendRangeNotSatisfiable(reply, content.size);
      return sendDocument(reply, content, 'attachment');
    },
  );

  app.post(
    declaredRoute.post(personalApiEndpoints.markRead),
    {
      config: accessTokenAuth,
      schema: {
        tags,
        security,
        summary:
          'Mark a letter read: needs a token with the scope "read and mark read", and a role in the mailbox that may (not a viewer)',
        params: letterParamsSchema,
        response: { 204: noContentSchema, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const holder = requireMarkReadScope(request);
      await markLetterRead(app, holder.userId, request.params.id);
      return reply.status(204).send();
    },
  );
};
