import { caseFileEndpoints } from '@kuvert/shared/case-files/endpoints';
import { declared } from '../../plugins/declared-routes.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  caseFileIdParamsSchema,
  caseFileListQuerySchema,
  caseFileListSchema,
  caseFileOfLetterParamsSchema,
  caseFileSchema,
  createCaseFileRequestSchema,
  letterCaseFilesSchema,
  updateCaseFileRequestSchema,
} from '@kuvert/shared/case-files';
import { errorResponses, noContentSchema } from '../../plugins/openapi.ts';
import { requireSession } from '../../plugins/session.ts';
import { caseFileItemRoutes } from './case-file-item.routes.ts';
import { getLetterCaseFiles } from './case-file-references.service.ts';
import { caseFileTrashRoutes } from './case-file-trash.routes.ts';
import { trashCaseFile } from './case-file-trash.service.ts';
import {
  createCaseFile,
  getCaseFile,
  listCaseFiles,
  updateCaseFile,
} from './case-files.service.ts';

/** Case files (DESIGN §8): the files, their items (timeline), and their way to the trash. */
export const caseFileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    declared.get(caseFileEndpoints.list),
    {
      schema: {
        tags: ['case-files'],
        summary: "The account's case files: search by title or description, sort, page by cursor",
        querystring: caseFileListQuerySchema,
        response: { 200: caseFileListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => listCaseFiles(app, requireSession(request).userId, request.query),
  );

  app.post(
    declared.post(caseFileEndpoints.create),
    {
      schema: {
        tags: ['case-files'],
        summary: 'Create a case file',
        body: createCaseFileRequestSchema,
        response: { 201: caseFileSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const file = await createCaseFile(app, requireSession(request).userId, request.body);
      return reply.status(201).send(file);
    },
  );

  app.get(
    declared.get(caseFileEndpoints.ofLetter),
    {
      schema: {
        tags: ['case-files'],
        summary:
          'The files a letter is in, and files it may belong to by a shared reference number',
        params: caseFileOfLetterParamsSchema,
        response: { 200: letterCaseFilesSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) =>
      getLetterCaseFiles(app, requireSession(request).userId, request.params.letterId),
  );

  app.get(
    declared.get(caseFileEndpoints.get),
    {
      schema: {
        tags: ['case-files'],
        summary: 'One case file (also in the trash)',
        params: caseFileIdParamsSchema,
        response: { 200: caseFileSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => getCaseFile(app, requireSession(request).userId, request.params.id),
  );

  app.patch(
    declared.patch(caseFileEndpoints.update),
    {
      schema: {
        tags: ['case-files'],
        summary: "Change a case file's title, description or colour",
        params: caseFileIdParamsSchema,
        body: updateCaseFileRequestSchema,
        response: { 200: caseFileSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      updateCaseFile(app, requireSession(request).userId, request.params.id, request.body),
  );

  app.delete(
    declared.delete(caseFileEndpoints.trash),
    {
      schema: {
        tags: ['case-files'],
        summary: 'Move a case file and its items to the trash',
        params: caseFileIdParamsSchema,
        response: { 204: noContentSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await trashCaseFile(app, requireSession(request).userId, request.params.id);
      return reply.status(204).send();
    },
  );

  await app.register(caseFileItemRoutes);
  await app.register(caseFileTrashRoutes);
};
