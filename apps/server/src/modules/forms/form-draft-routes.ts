import { formEndpoints } from '@kuvert/shared/forms/endpoints';
import { declared } from '../../plugins/declared-routes.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountQuerySchema } from '@kuvert/shared/home';
import {
  createFormDraftRequestSchema,
  formDraftListSchema,
  formDraftSchema,
  updateFormDraftRequestSchema,
} from '@kuvert/shared/forms';
import { errorResponses, noContentSchema } from '../../plugins/openapi.ts';
import { requireSession } from '../../plugins/session.ts';
import {
  createFormDraft,
  getFormDraft,
  listFormDrafts,
  removeFormDraft,
  updateFormDraft,
} from './form-drafts.service.ts';

const draftParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** Unfinished answers of a logged-in person, saved on the server (anonymous ones never are). */
export const formDraftRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    declared.get(formEndpoints.drafts),
    {
      schema: {
        tags: ['forms'],
        summary: "The account's form drafts, the latest saved first",
        querystring: accountQuerySchema,
        response: { 200: formDraftListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      listFormDrafts(app, requireSession(request).userId, request.query.account_id),
  );

  app.post(
    declared.post(formEndpoints.createDraft),
    {
      schema: {
        tags: ['forms'],
        summary:
          'Start a draft of a form at a version; answers may be incomplete but must fit their fields (422)',
        body: createFormDraftRequestSchema,
        response: { 201: formDraftSchema, ...errorResponses(400, 401, 403, 404, 410, 422) },
      },
    },
    async (request, reply) => {
      const draft = await createFormDraft(app, requireSession(request).userId, request.body);
      return reply.status(201).send(draft);
    },
  );

  app.get(
    declared.get(formEndpoints.draft),
    {
      schema: {
        tags: ['forms'],
        summary: 'One draft with its answers, files and version',
        params: draftParamsSchema,
        response: { 200: formDraftSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => getFormDraft(app, requireSession(request).userId, request.params.id),
  );

  app.put(
    declared.put(formEndpoints.updateDraft),
    {
      schema: {
        tags: ['forms'],
        summary:
          'Save the whole answers; 409 when saved elsewhere since `version`; `form_version` moves the draft to the current version, keeping what fits',
        params: draftParamsSchema,
        body: updateFormDraftRequestSchema,
        response: { 200: formDraftSchema, ...errorResponses(400, 401, 403, 404, 409, 410, 422) },
      },
    },
    async (request) =>
      updateFormDraft(app, requireSession(request).userId, request.params.id, request.body),
  );

  app.delete(
    declared.delete(formEndpoints.deleteDraft),
    {
      schema: {
        tags: ['forms'],
        summary: 'Delete a draft',
        params: draftParamsSchema,
        response: { 204: noContentSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await removeFormDraft(app, requireSession(request).userId, request.params.id);
      return reply.status(204).send();
    },
  );
};
