import { accountDeletionEndpoints } from '@kuvert/shared/account-deletion/endpoints';
import { deletionCancelSchema } from '@kuvert/shared/account-deletion';
import { sessionResponseSchema } from '@kuvert/shared/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestOrigin } from '../../plugins/audit.ts';
import { declared } from '../../plugins/declared-routes.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import { sessionCookieName, setSessionCookie } from '../../plugins/session.ts';
import { cancelDeletionAndLogIn } from './auth.service.ts';

/** Cancelling a deletion from the login page, with the token the login answered. */
export const deletionCancelRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    declared.post(accountDeletionEndpoints.cancel),
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          'Cancel the account deletion with the token a login during the grace period answered; logs in',
        body: deletionCancelSchema,
        response: { 200: sessionResponseSchema, ...errorResponses(400, 403) },
      },
    },
    async (request, reply) => {
      const { response, secret } = await cancelDeletionAndLogIn(app, {
        token: request.body.token,
        origin: requestOrigin(request),
        previousSecret: request.cookies[sessionCookieName(app.config)],
      });
      setSessionCookie(reply, app.config, secret);
      return response;
    },
  );
};
