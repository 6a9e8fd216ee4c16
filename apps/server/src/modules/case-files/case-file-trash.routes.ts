import { caseFileEndpoints } from '@kuvert/shared/case-files/endpoints';
import { declared } from '../../plugins/declared-routes.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  caseFileIdParamsSchema,
  caseFileItemSchema,
  caseFileSchema,
} from '@kuvert/shared/case-files';
import { errorResponses, noContentSchema } from '../../plugins/openapi.ts';
import { requireSession } from '../../plugins/session.ts';
import { presentItem } from './case-file-items.service.ts';
import {
  deleteCaseFileForever,
  deleteCaseFileItemForever,
  restoreCaseFile,
  restoreCaseFileItem,
} from './case-file-trash.service.ts';
import { presentCaseFile } from './case-files.service.ts';

/** Case files and items in the trash: back where they were, or gone for good. */
export const caseFileTrashRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    declared.post(caseFileEndpoints.restore),
    {
      schema: {
        tags: ['case-files'],
        summary: 'Restore a case file with the items that went to the trash with it',
        params: caseFileIdParamsSchema,
        response: { 200: caseFileSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await restoreCaseFile(app, requireSession(request).userId, request.params.id);
      return presentCaseFile(app, request.params.id);
    },
  );

  app.delete(
    declared.delete(caseFileEndpoints.deleteForever),
    {
      schema: {
        tags: ['case-files'],
        summary: 'Delete a trashed case file and its items for good (letters and uploads stay)',
        params: caseFileIdParamsSchema,
        response: { 204: noContentSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteCaseFileForever(app, requireSession(request).userId, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    declared.post(caseFileEndpoints.restoreItem),
    {
      schema: {
        tags: ['case-files'],
        summary: 'Restore an item trashed on its own into its file',
        params: caseFileIdParamsSchema,
        response: { 200: caseFileItemSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await restoreCaseFileItem(app, requireSession(request).userId, request.params.id);
      return presentItem(app, request.params.id);
    },
  );

  app.delete(
    declared.delete(caseFileEndpoints.deleteItemForever),
    {
      schema: {
        tags: ['case-files'],
        summary: 'Delete an item trashed on its own for good',
        params: caseFileIdParamsSchema,
        response: { 204: noContentSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteCaseFileItemForever(app, requireSession(request).userId, request.params.id);
      return reply.status(204).send();
    },
  );
};
