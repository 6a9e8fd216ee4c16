import { profileEndpoints } from '@kuvert/shared/profile/endpoints';
import { declared } from '../../plugins/declared-routes.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activeSessionListSchema,
  auditEventListSchema,
  changePasswordRequestSchema,
  patchProfileRequestSchema,
  profileSchema,
  updateProfileRequestSchema,
} from '@kuvert/shared/profile';
import { requestOrigin } from '../../plugins/audit.ts';
import { errorResponses, noContentSchema } from '../../plugins/openapi.ts';
import { clearSessionCookie, requireSession } from '../../plugins/session.ts';
import {
  changePassword,
  getProfile,
  listAuditEvents,
  listSessions,
  revokeOtherSessions,
  revokeSession,
  updateProfile,
} from './profile.service.ts';
import { registerSecurityLogJobs } from './security-log-retention.ts';

const sessionParamsSchema = z.object({ id: z.string().min(1).max(128) });

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  registerSecurityLogJobs(app);

  app.get(
    declared.get(profileEndpoints.get),
    {
      schema: {
        tags: ['profile'],
        summary: "The caller's profile",
        response: { 200: profileSchema, ...errorResponses(401) },
      },
    },
    async (request) => getProfile(app, requireSession(request).userId),
  );

  app.put(
    declared.put(profileEndpoints.update),
    {
      schema: {
        tags: ['profile'],
        summary: 'Change name and language',
        body: updateProfileRequestSchema,
        response: { 200: profileSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      updateProfile(app, requireSession(request).userId, request.body, requestOrigin(request)),
  );

  app.patch(
    declared.patch(profileEndpoints.patch),
    {
      schema: {
        tags: ['profile'],
        summary: 'Change some of name and language; fields left out stay as they are',
        body: patchProfileRequestSchema,
        response: { 200: profileSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      updateProfile(app, requireSession(request).userId, request.body, requestOrigin(request)),
  );

  app.post(
    declared.post(profileEndpoints.changePassword),
    {
      schema: {
        tags: ['profile'],
        summary: 'Change the password; logs out every other session',
        body: changePasswordRequestSchema,
        response: { 204: noContentSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      await changePassword(app, requireSession(request), request.body, requestOrigin(request));
      return reply.status(204).send();
    },
  );

  app.get(
    declared.get(profileEndpoints.sessions),
    {
      schema: {
        tags: ['profile'],
        summary: "The caller's active sessions; `is_current` marks this one",
        response: { 200: activeSessionListSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ sessions: await listSessions(app, requireSession(request)) }),
  );

  app.post(
    declared.post(profileEndpoints.logOutOtherSessions),
    {
      schema: {
        tags: ['profile'],
        summary: 'End every session of the caller but this one',
        response: { 204: noContentSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      await revokeOtherSessions(app, requireSession(request), requestOrigin(request));
      return reply.status(204).send();
    },
  );

  app.delete(
    declared.delete(profileEndpoints.revokeSession),
    {
      schema: {
        tags: ['profile'],
        summary: 'End one of the caller’s sessions by its id (login token)',
        params: sessionParamsSchema,
        response: { 204: noContentSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      await revokeSession(app, session, request.params.id, requestOrigin(request));
      if (request.params.id === session.id) clearSessionCookie(reply, app.config);
      return reply.status(204).send();
    },
  );

  app.get(
    declared.get(profileEndpoints.auditEvents),
    {
      schema: {
        tags: ['profile'],
        summary: "The caller's latest 50 security events",
        response: { 200: auditEventListSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ events: await listAuditEvents(app, requireSession(request).userId) }),
  );
};
