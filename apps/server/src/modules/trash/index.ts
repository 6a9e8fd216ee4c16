import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emptyTrashRequestSchema } from '@kuvert/shared/letters';
import { errorResponses, noContentSchema } from '../../plugins/openapi.ts';
import { requireSession } from '../../plugins/session.ts';
import { emptyTrash, registerTrashJobs } from './trash.service.ts';

export const trashRoutes: FastifyPluginAsyncZod = async (app) => {
  registerTrashJobs(app);

  app.post(
    '/trash/empty',
    {
      schema: {
        tags: ['trash'],
        summary: "Delete every letter in the account's trash for good",
        body: emptyTrashRequestSchema,
        response: { 204: noContentSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await emptyTrash(app, requireSession(request).userId, request.body.account_id);
      return reply.status(204).send();
    },
  );
};
