import { uploadEndpoints } from '@kuvert/shared/uploads/endpoints';
import { declared } from '../../plugins/declared-routes.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  uploadIdParamsSchema,
  uploadsInProgressQuerySchema,
  uploadsInProgressSchema,
} from '@kuvert/shared/uploads';
import { errorResponses, noContentSchema } from '../../plugins/openapi.ts';
import { requireSession } from '../../plugins/session.ts';
import { cancelUploadInProgress, listUploadsInProgress } from './uploads-in-progress.service.ts';

/** Uploads in progress of an account (under /api): the list, and cancelling one. */
export function registerUploadsInProgressRoutes(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    declared.get(uploadEndpoints.inProgress),
    {
      schema: {
        tags: ['uploads'],
        summary:
          "The account's uploads in progress: an owner's sees all, a member's their own, a viewer's none",
        querystring: uploadsInProgressQuerySchema,
        response: { 200: uploadsInProgressSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listUploadsInProgress(app, requireSession(request).userId, request.query.account_id);
    },
  );
  routes.delete(
    declared.delete(uploadEndpoints.cancelInProgress),
    {
      schema: {
        tags: ['uploads'],
        summary:
          'Cancel an upload in progress (an owner any of the account, a member their own); its room in the quota comes back',
        params: uploadIdParamsSchema,
        response: { 204: noContentSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await cancelUploadInProgress(app, requireSession(request).userId, request.params.id);
      return reply.status(204).send();
    },
  );
}
