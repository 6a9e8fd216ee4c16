import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessTokenListSchema,
  createAccessTokenRequestSchema,
  createdAccessTokenSchema,
} from '@kuvert/shared/access-tokens';
import { accessTokenEndpoints } from '@kuvert/shared/access-tokens/endpoints';
import { requestOrigin } from '../../plugins/audit.ts';
import { declared } from '../../plugins/declared-routes.ts';
import { errorResponses, noContentSchema } from '../../plugins/openapi.ts';
import { requireSession } from '../../plugins/session.ts';
import { createAccessToken, listAccessTokens, revokeAccessToken } from './access-tokens.service.ts';

const tokenParamsSchema = z.object({ id: z.string().min(1).max(64) });
const tags = ['profile'];

/** The profile's personal access tokens: made, listed and revoked with the session. */
export const accessTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    declared.get(accessTokenEndpoints.list),
    {
      schema: {
        tags,
        summary: "The caller's personal access tokens that still work, newest first",
        response: { 200: accessTokenListSchema, ...errorResponses(401) },
      },
    },
    async (request) => listAccessTokens(app, requireSession(request).userId),
  );

  app.post(
    declared.post(accessTokenEndpoints.create),
    {
      schema: {
        tags,
        summary:
          'Make a personal access token for the personal API; the token is in this answer only',
        body: createAccessTokenRequestSchema,
        response: { 201: createdAccessTokenSchema, ...errorResponses(400, 401, 409) },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const created = await createAccessToken(
        app,
        session.userId,
        request.body,
        requestOrigin(request),
      );
      return reply.status(201).send(created);
    },
  );

  app.delete(
    declared.delete(accessTokenEndpoints.revoke),
    {
      schema: {
        tags,
        summary: 'Revoke a personal access token: it stops working at once',
        params: tokenParamsSchema,
        response: { 204: noContentSchema, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      await revokeAccessToken(app, session.userId, request.params.id, requestOrigin(request));
      return reply.status(204).send();
    },
  );
};
