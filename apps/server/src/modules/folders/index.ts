import { folderEndpoints } from '@kuvert/shared/folders/endpoints';
import { declared } from '../../plugins/declared-routes.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createFolderRequestSchema,
  folderIdParamsSchema,
  folderListSchema,
  folderSchema,
  renameFolderRequestSchema,
} from '@kuvert/shared/folders';
import { accountQuerySchema } from '@kuvert/shared/home';
import { errorResponses } from '../../plugins/openapi.ts';
import { requireSession } from '../../plugins/session.ts';
import { createFolder, listFolders, renameFolder } from './folders.service.ts';

/** Deleting a folder takes its letters with it: that route is the trash's (trash/index.ts). */
export const folderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    declared.get(folderEndpoints.list),
    {
      schema: {
        tags: ['folders'],
        summary: "The account's folders with letter and unread counts",
        querystring: accountQuerySchema,
        response: { 200: folderListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({
      folders: await listFolders(app, requireSession(request).userId, request.query.account_id),
    }),
  );

  app.post(
    declared.post(folderEndpoints.create),
    {
      schema: {
        tags: ['folders'],
        summary: 'Create a folder; names are unique per account (409)',
        body: createFolderRequestSchema,
        response: { 201: folderSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const folder = await createFolder(app, requireSession(request).userId, request.body);
      return reply.status(201).send(folder);
    },
  );

  app.patch(
    declared.patch(folderEndpoints.rename),
    {
      schema: {
        tags: ['folders'],
        summary: 'Rename a folder',
        params: folderIdParamsSchema,
        body: renameFolderRequestSchema,
        response: { 200: folderSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      renameFolder(app, requireSession(request).userId, request.params.id, request.body.name),
  );
};
