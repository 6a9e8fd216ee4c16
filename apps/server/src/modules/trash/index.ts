import { contactEndpoints } from '@kuvert/shared/contacts/endpoints';
import { uploadEndpoints } from '@kuvert/shared/uploads/endpoints';
import { folderEndpoints } from '@kuvert/shared/folders/endpoints';
import { trashEndpoints } from '@kuvert/shared/trash/endpoints';
import { declared } from '../../plugins/declared-routes.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { folderIdParamsSchema, folderSchema } from '@kuvert/shared/folders';
import {
  emptyTrashRequestSchema,
  trashActionResultSchema,
  trashEntriesQuerySchema,
  trashEntryPageSchema,
  trashSelectionSchema,
} from '@kuvert/shared/trash';
import { contactIdParamsSchema, contactSchema } from '@kuvert/shared/contacts';
import { uploadIdParamsSchema, uploadSummarySchema } from '@kuvert/shared/uploads';
import { errorResponses, noContentSchema } from '../../plugins/openapi.ts';
import { requireSession } from '../../plugins/session.ts';
import {
  deleteFolderForever,
  emptyTrash,
  registerTrashJobs,
  restoreFolder,
  trashFolder,
} from './trash.service.ts';
import { deleteTrashEntriesForever, restoreTrashEntries } from './trash-actions.service.ts';
import { listTrashEntries } from './trash-entries.service.ts';
import { deleteUploadForever, restoreUpload } from '../uploads/uploads.service.ts';
import { deleteContactForever, restoreContact } from '../contacts/contacts.service.ts';

export const trashRoutes: FastifyPluginAsyncZod = async (app) => {
  registerTrashJobs(app);

  // Folders' own routes are in folders/index.ts; this one moves letters too.
  app.delete(
    declared.delete(folderEndpoints.delete),
    {
      schema: {
        tags: ['folders'],
        summary: 'Move a folder and its letters to the trash (restore or delete there)',
        params: folderIdParamsSchema,
        response: { 204: noContentSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await trashFolder(app, requireSession(request).userId, request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    declared.get(trashEndpoints.entries),
    {
      schema: {
        tags: ['trash'],
        summary:
          "Everything in the account's trash, of every kind, most recently trashed first, with how many of each kind",
        querystring: trashEntriesQuerySchema,
        response: { 200: trashEntryPageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => listTrashEntries(app, requireSession(request).userId, request.query),
  );

  app.post(
    declared.post(trashEndpoints.restore),
    {
      schema: {
        tags: ['trash'],
        summary:
          'Restore entries of any kind to where they were; entries no longer in the trash are skipped',
        body: trashSelectionSchema,
        response: { 200: trashActionResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => restoreTrashEntries(app, requireSession(request).userId, request.body),
  );

  app.post(
    declared.post(trashEndpoints.delete),
    {
      schema: {
        tags: ['trash'],
        summary:
          'Delete entries of any kind for good, with the documents nobody else uses; entries no longer in the trash are skipped',
        body: trashSelectionSchema,
        response: { 200: trashActionResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => deleteTrashEntriesForever(app, requireSession(request).userId, request.body),
  );

  app.post(
    declared.post(trashEndpoints.empty),
    {
      schema: {
        tags: ['trash'],
        summary:
          "Delete everything in the account's trash for good, with the documents nobody else uses",
        body: emptyTrashRequestSchema,
        response: { 204: noContentSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await emptyTrash(app, requireSession(request).userId, request.body.account_id);
      return reply.status(204).send();
    },
  );

  app.post(
    declared.post(trashEndpoints.restoreFolder),
    {
      schema: {
        tags: ['trash'],
        summary:
          'Restore a folder and the letters trashed with it; renamed "Name (2)" if the name is taken',
        params: folderIdParamsSchema,
        response: { 200: folderSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => restoreFolder(app, requireSession(request).userId, request.params.id),
  );

  app.delete(
    declared.delete(trashEndpoints.deleteFolder),
    {
      schema: {
        tags: ['trash'],
        summary: 'Delete a trashed folder and the letters trashed with it for good',
        params: folderIdParamsSchema,
        response: { 204: noContentSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteFolderForever(app, requireSession(request).userId, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    declared.post(uploadEndpoints.restore),
    {
      schema: {
        tags: ['trash'],
        summary: 'Restore a trashed upload',
        params: uploadIdParamsSchema,
        response: { 200: uploadSummarySchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => restoreUpload(app, requireSession(request).userId, request.params.id),
  );

  app.delete(
    declared.delete(trashEndpoints.deleteUpload),
    {
      schema: {
        tags: ['trash'],
        summary:
          'Delete a trashed upload for good (its file too, unless a letter uses the same bytes)',
        params: uploadIdParamsSchema,
        response: { 204: noContentSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteUploadForever(app, requireSession(request).userId, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    declared.post(contactEndpoints.restore),
    {
      schema: {
        tags: ['trash'],
        summary: 'Restore a trashed contact to the address book',
        params: contactIdParamsSchema,
        response: { 200: contactSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => restoreContact(app, requireSession(request).userId, request.params.id),
  );

  app.delete(
    declared.delete(trashEndpoints.deleteContact),
    {
      schema: {
        tags: ['trash'],
        summary: 'Delete a trashed contact for good',
        params: contactIdParamsSchema,
        response: { 204: noContentSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteContactForever(app, requireSession(request).userId, request.params.id);
      return reply.status(204).send();
    },
  );
};
