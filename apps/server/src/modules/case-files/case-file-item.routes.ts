import { caseFileEndpoints } from '@kuvert/shared/case-files/endpoints';
import { declared } from '../../plugins/declared-routes.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addToCaseFileRequestSchema,
  addToCaseFileResultSchema,
  caseFileIdParamsSchema,
  caseFileItemParamsSchema,
  caseFileItemSchema,
  caseFileTimelineQuerySchema,
  caseFileTimelineSchema,
  createCaseFileItemRequestSchema,
  moveCaseFileItemRequestSchema,
  updateCaseFileItemRequestSchema,
} from '@kuvert/shared/case-files';
import { errorResponses, noContentSchema } from '../../plugins/openapi.ts';
import { requireSession } from '../../plugins/session.ts';
import { addToCaseFile } from './case-file-add.service.ts';
import {
  createCaseFileItem,
  getCaseFileItem,
  getTimeline,
  moveCaseFileItem,
  updateCaseFileItem,
} from './case-file-items.service.ts';
import { trashCaseFileItem } from './case-file-trash.service.ts';

/** A case file's items: the timeline, one item, and "Add to a file". */
export const caseFileItemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    declared.get(caseFileEndpoints.timeline),
    {
      schema: {
        tags: ['case-files'],
        summary: "A case file's timeline: its items newest first, with their first links",
        params: caseFileIdParamsSchema,
        querystring: caseFileTimelineQuerySchema,
        response: { 200: caseFileTimelineSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      getTimeline(app, requireSession(request).userId, request.params.id, request.query),
  );

  app.post(
    declared.post(caseFileEndpoints.createItem),
    {
      schema: {
        tags: ['case-files'],
        summary: "Add an item: title, date, notes, the account's letters and uploads it links",
        params: caseFileIdParamsSchema,
        body: createCaseFileItemRequestSchema,
        response: { 201: caseFileItemSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { userId } = requireSession(request);
      const item = await createCaseFileItem(app, userId, request.params.id, request.body);
      return reply.status(201).send(item);
    },
  );

  app.post(
    declared.post(caseFileEndpoints.add),
    {
      schema: {
        tags: ['case-files'],
        summary:
          'Add letters and uploads: an item each (skipping those in the file), or one item with all',
        params: caseFileIdParamsSchema,
        body: addToCaseFileRequestSchema,
        response: { 200: addToCaseFileResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      addToCaseFile(app, requireSession(request).userId, request.params.id, request.body),
  );

  app.get(
    declared.get(caseFileEndpoints.getItem),
    {
      schema: {
        tags: ['case-files'],
        summary: 'One item with all its letters and attachments (also one trashed on its own)',
        params: caseFileItemParamsSchema,
        response: { 200: caseFileItemSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) =>
      getCaseFileItem(
        app,
        requireSession(request).userId,
        request.params.id,
        request.params.itemId,
      ),
  );

  app.patch(
    declared.patch(caseFileEndpoints.updateItem),
    {
      schema: {
        tags: ['case-files'],
        summary: 'Change an item; letter_ids and upload_ids replace its links',
        params: caseFileItemParamsSchema,
        body: updateCaseFileItemRequestSchema,
        response: { 200: caseFileItemSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      updateCaseFileItem(
        app,
        requireSession(request).userId,
        request.params.id,
        request.params.itemId,
        request.body,
      ),
  );

  app.post(
    declared.post(caseFileEndpoints.moveItem),
    {
      schema: {
        tags: ['case-files'],
        summary: 'Move an item to another case file of the same account',
        params: caseFileItemParamsSchema,
        body: moveCaseFileItemRequestSchema,
        response: { 200: caseFileItemSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      moveCaseFileItem(
        app,
        requireSession(request).userId,
        request.params.id,
        request.params.itemId,
        request.body.file_id,
      ),
  );

  app.delete(
    declared.delete(caseFileEndpoints.trashItem),
    {
      schema: {
        tags: ['case-files'],
        summary: 'Move an item to the trash',
        params: caseFileItemParamsSchema,
        response: { 204: noContentSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { userId } = requireSession(request);
      await trashCaseFileItem(app, userId, request.params.itemId, request.params.id);
      return reply.status(204).send();
    },
  );
};
