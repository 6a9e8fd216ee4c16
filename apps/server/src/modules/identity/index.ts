import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  completeOnboardingVerificationRequestSchema,
  finishOnboardingRequestSchema,
  onboardingInfoSchema,
  onboardingTokenQuerySchema,
  onboardingTokenRequestSchema,
  completeVerificationRequestSchema,
  identityStatusSchema,
  startVerificationResponseSchema,
} from '@kuvert/shared/identity';
import { identityEndpoints } from '@kuvert/shared/identity/endpoints';
import { requestOrigin } from '../../plugins/audit.ts';
import { declared } from '../../plugins/declared-routes.ts';
import { errorResponses, noContentSchema } from '../../plugins/openapi.ts';
import { createSession } from '../../plugins/session-store.ts';
import { requireSession, setSessionCookie } from '../../plugins/session.ts';
import { registerIdentityProcessJobs } from './identity-process-cleanup.ts';
import { completeVerification, getIdentityStatus, startVerification } from './identity.service.ts';
import {
  completeOnboardingVerification,
  finishOnboarding,
  getOnboardingInfo,
  startOnboardingVerification,
} from './onboarding.service.ts';

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

  // Onboarding by identity: public, bound to the operator's link instead of a login.
  app.get(
    declared.get(identityEndpoints.onboardingInfo),
    {
      config: { auth: 'public' },
      schema: {
        tags: ['onboarding'],
        summary: 'Where an onboarding link stands (the verified identity, once there)',
        querystring: onboardingTokenQuerySchema,
        response: { 200: onboardingInfoSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => getOnboardingInfo(app, request.query.token, requestOrigin(request)),
  );

  app.post(
    declared.post(identityEndpoints.onboardingStart),
    {
      config: { auth: 'public' },
      schema: {
        tags: ['onboarding'],
        summary: 'Start verifying the identity of the person an onboarding link is for',
        body: onboardingTokenRequestSchema,
        response: { 200: startVerificationResponseSchema, ...errorResponses(400, 429, 502) },
      },
    },
    async (request) => startOnboardingVerification(app, request.body.token, requestOrigin(request)),
  );

  app.post(
    declared.post(identityEndpoints.onboardingComplete),
    {
      config: { auth: 'public' },
      schema: {
        tags: ['onboarding'],
        summary: "Complete an onboarding's verification with what the identity provider answered",
        body: completeOnboardingVerificationRequestSchema,
        response: {
          200: onboardingInfoSchema,
          ...errorResponses(400, 409, 410, 422, 429, 502),
        },
      },
    },
    async (request) => completeOnboardingVerification(app, request.body, requestOrigin(request)),
  );

  app.post(
    declared.post(identityEndpoints.onboardingFinish),
    {
      config: { auth: 'public' },
      schema: {
        tags: ['onboarding'],
        summary: 'Set the first password after the verification; uses the link up and logs in',
        body: finishOnboardingRequestSchema,
        response: { 204: noContentSchema, ...errorResponses(400, 403, 429) },
      },
    },
    async (request, reply) => {
      const origin = requestOrigin(request);
      const user = await finishOnboarding(app, request.body, origin);
      const { secret } = await createSession(app, {
        userId: user.id,
        userAgent: origin.userAgent,
        ipAddress: origin.ipAddress,
      });
      setSessionCookie(reply, app.config, secret);
      return reply.status(204).send();
    },
  );
};
