import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  completeVerificationRequestSchema,
  identityStatusSchema,
  startVerificationResponseSchema,
} from '@kuvert/shared/identity';
import { identityEndpoints } from '@kuvert/shared/identity/endpoints';
import { requestOrigin } from '../../plugins/audit.ts';
import { declared } from '../../plugins/declared-routes.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import { requireSession } from '../../plugins/session.ts';
import { registerIdentityProcessJobs } from './identity-process-cleanup.ts';
import { completeVerification, getIdentityStatus, startVerification } from './identity.service.ts';

/** Identity verification over OpenID Connect (DESIGN §9). */
export const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  registerIdentityProcessJobs(app);

  app.get(
    declared.get(identityEndpoints.get),
    {
      schema: {
        tags: ['profile'],
        summary: "The caller's verified identity: name, birth date, assurance level, issuer, time",
        response: { 200: identityStatusSchema, ...errorResponses(401) },
      },
    },
    async (request) => getIdentityStatus(app, requireSession(request).userId),
  );

  app.post(
    declared.post(identityEndpoints.start),
    {
      schema: {
        tags: ['profile'],
        summary: 'Start verifying the caller’s identity; answers the identity provider’s URL',
        response: { 200: startVerificationResponseSchema, ...errorResponses(401, 403, 502) },
      },
    },
    async (request) => startVerification(app, requireSession(request).userId),
  );

  app.post(
    declared.post(identityEndpoints.complete),
    {
      schema: {
        tags: ['profile'],
        summary: 'Complete a verification with what the identity provider answered',
        body: completeVerificationRequestSchema,
        response: {
          200: identityStatusSchema,
          ...errorResponses(400, 401, 403, 409, 410, 422, 502),
        },
      },
    },
    async (request) =>
      completeVerification(
        app,
        requireSession(request).userId,
        request.body,
        requestOrigin(request),
      ),
  );
};
