import { outboxEndpoints } from '@kuvert/shared/outbox/endpoints';
import { declared } from '../../plugins/declared-routes.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountQuerySchema } from '@kuvert/shared/home';
import { letterDetailSchema } from '@kuvert/shared/letters';
import {
  createDraftRequestSchema,
  letterDraftListSchema,
  letterDraftSchema,
  sendLetterRequestSchema,
  updateDraftRequestSchema,
} from '@kuvert/shared/outbox';
import { errorResponses, noContentSchema } from '../../plugins/openapi.ts';
import { requireSession } from '../../plugins/session.ts';
import {
  createDraft,
  getDraft,
  listDrafts,
  removeDraft,
  updateDraft,
} from './letter-drafts.service.ts';
import { answerLetterDetail } from '../letters/letters.routes.ts';
import { sendLetter } from './outbox.service.ts';

const draftParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** Composing and sending letters, and their drafts (DESIGN §8 "Compose and outbox"). */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    declared.post(outboxEndpoints.send),
    {
      schema: {
        tags: ['outbox'],
        summary:
          'Send a letter to providers, Kuvert users and postal addresses; the draft named is deleted',
        body: sendLetterRequestSchema,
        response: {
          201: letterDetailSchema,
          ...errorResponses(400, 401, 403, 404, 413, 415, 422),
        },
      },
    },
    async (request, reply) => {
      const { userId } = requireSession(request);
      const letterId = await sendLetter(app, userId, request.body);
      return reply.status(201).send(await answerLetterDetail(app, userId, letterId));
    },
  );

  app.get(
    declared.get(outboxEndpoints.drafts),
    {
      schema: {
        tags: ['outbox'],
        summary: "The account's drafts, newest first",
        querystring: accountQuerySchema,
        response: { 200: letterDraftListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => listDrafts(app, requireSession(request).userId, request.query.account_id),
  );

  app.post(
    declared.post(outboxEndpoints.createDraft),
    {
      schema: {
        tags: ['outbox'],
        summary: 'Start a draft (recipients may be incomplete)',
        body: createDraftRequestSchema,
        response: { 201: letterDraftSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const draft = await createDraft(app, requireSession(request).userId, request.body);
      return reply.status(201).send(draft);
    },
  );

  app.get(
    declared.get(outboxEndpoints.draft),
    {
      schema: {
        tags: ['outbox'],
        summary: 'One draft with its version',
        params: draftParamsSchema,
        response: { 200: letterDraftSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => getDraft(app, requireSession(request).userId, request.params.id),
  );

  app.put(
    declared.put(outboxEndpoints.updateDraft),
    {
      schema: {
        tags: ['outbox'],
        summary: 'Save the whole draft; 409 when it was saved elsewhere since `version`',
        params: draftParamsSchema,
        body: updateDraftRequestSchema,
        response: { 200: letterDraftSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      updateDraft(app, requireSession(request).userId, request.params.id, request.body),
  );

  app.delete(
    declared.delete(outboxEndpoints.deleteDraft),
    {
      schema: {
        tags: ['outbox'],
        summary: 'Delete a draft',
        params: draftParamsSchema,
        response: { 204: noContentSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await removeDraft(app, requireSession(request).userId, request.params.id);
      return reply.status(204).send();
    },
  );
};
