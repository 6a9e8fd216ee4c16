import { authEndpoints } from '@kuvert/shared/auth/endpoints';
import { declared } from '../../plugins/declared-routes.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emailVerificationConfirmSchema,
  emailVerificationInfoSchema,
  loginRequestSchema,
  passwordResetConfirmSchema,
  passwordResetInfoSchema,
  passwordResetRequestSchema,
  sessionResponseSchema,
  tokenQuerySchema,
} from '@kuvert/shared/auth';
import { requestOrigin } from '../../plugins/audit.ts';
import { errorResponses, noContentSchema } from '../../plugins/openapi.ts';
import {
  clearSessionCookie,
  requireSession,
  sessionCookieName,
  setSessionCookie,
} from '../../plugins/session.ts';
import { getSession, login, logout, refreshSession } from './auth.service.ts';
import {
  confirmEmailVerification,
  getEmailVerificationInfo,
} from './email-verification.service.ts';
import {
  confirmPasswordReset,
  getPasswordResetInfo,
  requestPasswordReset,
} from './password-reset.service.ts';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    declared.post(authEndpoints.login),
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Log in; sets the HttpOnly session cookie',
        body: loginRequestSchema,
        response: { 200: sessionResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { response, secret } = await login(app, {
        ...request.body,
        origin: requestOrigin(request),
        previousSecret: request.cookies[sessionCookieName(app.config)],
      });
      setSessionCookie(reply, app.config, secret);
      return response;
    },
  );

  app.post(
    declared.post(authEndpoints.logout),
    {
      schema: {
        tags: ['auth'],
        summary: 'Log out: ends this session and clears the cookie',
        response: { 204: noContentSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      await logout(app, requireSession(request), requestOrigin(request));
      clearSessionCookie(reply, app.config);
      return reply.status(204).send();
    },
  );

  app.post(
    declared.post(authEndpoints.refresh),
    {
      schema: {
        tags: ['auth'],
        summary: 'Extend the session while the user is active (never past its absolute limit)',
        response: { 200: sessionResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => refreshSession(app, requireSession(request)),
  );

  app.get(
    declared.get(authEndpoints.session),
    {
      schema: {
        tags: ['auth'],
        summary: 'The current session, without extending it',
        response: { 200: sessionResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => getSession(app, requireSession(request)),
  );

  app.post(
    declared.post(authEndpoints.requestPasswordReset),
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Mail a reset link; answers the same whether the address is known or not',
        body: passwordResetRequestSchema,
        response: { 202: noContentSchema, ...errorResponses(400, 403, 429) },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(app, request.body.email, requestOrigin(request));
      return reply.status(202).send();
    },
  );

  app.get(
    declared.get(authEndpoints.getPasswordReset),
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Whether a reset link can still be used, before a new password is typed',
        querystring: tokenQuerySchema,
        response: { 200: passwordResetInfoSchema, ...errorResponses(400) },
      },
    },
    async (request) => getPasswordResetInfo(app, request.query.token),
  );

  app.post(
    declared.post(authEndpoints.confirmPasswordReset),
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a mailed token; ends every session of the user',
        body: passwordResetConfirmSchema,
        response: { 204: noContentSchema, ...errorResponses(400, 403) },
      },
    },
    async (request, reply) => {
      await confirmPasswordReset(app, request.body, requestOrigin(request));
      return reply.status(204).send();
    },
  );

  app.get(
    declared.get(authEndpoints.getEmailVerification),
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'What an e-mail verification link is for (does not use it up)',
        querystring: tokenQuerySchema,
        response: { 200: emailVerificationInfoSchema, ...errorResponses(400) },
      },
    },
    async (request) => getEmailVerificationInfo(app, request.query.token),
  );

  app.post(
    declared.post(authEndpoints.confirmEmailVerification),
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Confirm an e-mail address; for invitations also set the first password',
        body: emailVerificationConfirmSchema,
        response: { 204: noContentSchema, ...errorResponses(400, 403, 409) },
      },
    },
    async (request, reply) => {
      await confirmEmailVerification(app, request.body, requestOrigin(request));
      return reply.status(204).send();
    },
  );
};
