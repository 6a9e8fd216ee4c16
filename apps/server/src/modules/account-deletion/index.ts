import { accountDeletionEndpoints } from '@kuvert/shared/account-deletion/endpoints';
import {
  accountDeletionConfirmSchema,
  accountDeletionRequestSchema,
  accountDeletionScheduledSchema,
} from '@kuvert/shared/account-deletion';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestOrigin } from '../../plugins/audit.ts';
import { declared } from '../../plugins/declared-routes.ts';
import { errorResponses, noContentSchema } from '../../plugins/openapi.ts';
import { clearSessionCookie, requireSession } from '../../plugins/session.ts';
import { confirmAccountDeletion, requestAccountDeletion } from './account-deletion.service.ts';

export const accountDeletionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    declared.post(accountDeletionEndpoints.request),
    {
      schema: {
        tags: ['profile'],
        summary:
          'Ask to delete the account: with the password, mails a code; refused while the caller alone owns a mailbox others use',
        body: accountDeletionRequestSchema,
        response: { 202: noContentSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      await requestAccountDeletion(app, {
        userId: requireSession(request).userId,
        password: request.body.password,
        origin: requestOrigin(request),
      });
      return reply.status(202).send();
    },
  );

  app.post(
    declared.post(accountDeletionEndpoints.confirm),
    {
      schema: {
        tags: ['profile'],
        summary:
          'Confirm with the mailed code: ends every session and deletes the account in 30 days',
        body: accountDeletionConfirmSchema,
        response: {
          200: accountDeletionScheduledSchema,
          ...errorResponses(400, 401, 403, 409, 410),
        },
      },
    },
    async (request, reply) => {
      const scheduled = await confirmAccountDeletion(app, {
        userId: requireSession(request).userId,
        code: request.body.code,
        origin: requestOrigin(request),
      });
      clearSessionCookie(reply, app.config);
      return scheduled;
    },
  );
};
