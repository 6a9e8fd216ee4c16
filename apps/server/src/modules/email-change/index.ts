import { emailChangeEndpoints } from '@kuvert/shared/email-change/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emailChangeConfirmedSchema,
  emailChangeLinkInfoSchema,
  emailChangeRequestSchema,
  emailChangeStatusSchema,
  emailChangeTokenSchema,
  pendingEmailChangeSchema,
} from '@kuvert/shared/email-change';
import { requestOrigin } from '../../plugins/audit.ts';
import { declared } from '../../plugins/declared-routes.ts';
import { errorResponses, noContentSchema } from '../../plugins/openapi.ts';
import { requireSession, sessionCookieName } from '../../plugins/session.ts';
import {
  cancelEmailChange,
  cancelEmailChangeByLink,
  confirmEmailChange,
  getCancelLinkInfo,
  getConfirmLinkInfo,
  getEmailChangeStatus,
  requestEmailChange,
  resendEmailChange,
} from './email-change.service.ts';

export const emailChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    declared.get(emailChangeEndpoints.get),
    {
      schema: {
        tags: ['profile'],
        summary: "The caller's change of e-mail address waiting for confirmation, if any",
        response: { 200: emailChangeStatusSchema, ...errorResponses(401) },
      },
    },
    async (request) => getEmailChangeStatus(app, requireSession(request).userId),
  );

  app.post(
    declared.post(emailChangeEndpoints.request),
    {
      schema: {
        tags: ['profile'],
        summary:
          'Ask to change the e-mail address (current password required); mails a confirm link to the new address and a link that stops it to the old one',
        body: emailChangeRequestSchema,
        response: { 202: pendingEmailChangeSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const pending = await requestEmailChange(
        app,
        requireSession(request),
        request.body,
        requestOrigin(request),
      );
      return reply.status(202).send(pending);
    },
  );

  app.post(
    declared.post(emailChangeEndpoints.resend),
    {
      schema: {
        tags: ['profile'],
        summary: 'Mail a fresh confirm link for the pending change; the earlier one stops working',
        response: { 202: pendingEmailChangeSchema, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const pending = await resendEmailChange(app, requireSession(request).userId);
      return reply.status(202).send(pending);
    },
  );

  app.delete(
    declared.delete(emailChangeEndpoints.cancel),
    {
      schema: {
        tags: ['profile'],
        summary: 'Withdraw the pending change of e-mail address',
        response: { 204: noContentSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await cancelEmailChange(app, requireSession(request).userId, requestOrigin(request));
      return reply.status(204).send();
    },
  );

  app.get(
    declared.get(emailChangeEndpoints.getConfirmLink),
    {
      config: { auth: 'public' },
      schema: {
        tags: ['profile'],
        summary: 'What a link to confirm a new e-mail address is about (does not use it up)',
        querystring: emailChangeTokenSchema,
        response: { 200: emailChangeLinkInfoSchema, ...errorResponses(400, 410) },
      },
    },
    async (request) => getConfirmLinkInfo(app, request.query.token),
  );

  app.post(
    declared.post(emailChangeEndpoints.confirm),
    {
      // The mailed token is the credential: the link works in any browser, logged in or not.
      config: { auth: 'public' },
      schema: {
        tags: ['profile'],
        summary:
          'Confirm a new e-mail address with the mailed token; ends every other session of the user',
        body: emailChangeTokenSchema,
        response: { 200: emailChangeConfirmedSchema, ...errorResponses(400, 403, 409, 410) },
      },
    },
    async (request) =>
      confirmEmailChange(
        app,
        request.body.token,
        request.cookies[sessionCookieName(app.config)],
        requestOrigin(request),
      ),
  );

  app.get(
    declared.get(emailChangeEndpoints.getCancelLink),
    {
      config: { auth: 'public' },
      schema: {
        tags: ['profile'],
        summary: 'What a link to stop an e-mail change is about (does not use it up)',
        querystring: emailChangeTokenSchema,
        response: { 200: emailChangeLinkInfoSchema, ...errorResponses(400, 410) },
      },
    },
    async (request) => getCancelLinkInfo(app, request.query.token),
  );

  app.post(
    declared.post(emailChangeEndpoints.cancelByLink),
    {
      // The token mailed to the old address is the credential.
      config: { auth: 'public' },
      schema: {
        tags: ['profile'],
        summary: 'Stop a pending e-mail change with the token mailed to the old address',
        body: emailChangeTokenSchema,
        response: { 204: noContentSchema, ...errorResponses(400, 403, 404, 410) },
      },
    },
    async (request, reply) => {
      await cancelEmailChangeByLink(app, request.body.token, requestOrigin(request));
      return reply.status(204).send();
    },
  );
};
