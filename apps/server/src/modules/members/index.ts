import { memberEndpoints } from '@kuvert/shared/members/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountSchema } from '@kuvert/shared/accounts';
import {
  acceptedInvitationSchema,
  acceptInvitationAsNewUserRequestSchema,
  acceptInvitationRequestSchema,
  changeMemberRequestSchema,
  createMailboxRequestSchema,
  handOverRequestSchema,
  invitationInfoSchema,
  invitationTokenQuerySchema,
  inviteMemberRequestSchema,
  mailboxMembersSchema,
} from '@kuvert/shared/members';
import { declared } from '../../plugins/declared-routes.ts';
import { requestOrigin } from '../../plugins/audit.ts';
import { errorResponses, noContentSchema } from '../../plugins/openapi.ts';
import { createSession } from '../../plugins/session-store.ts';
import { requireSession, setSessionCookie } from '../../plugins/session.ts';
import {
  acceptInvitation,
  acceptInvitationAsNewUser,
  getInvitationInfo,
  inviteMember,
  revokeInvitation,
} from './invitations.service.ts';
import {
  changeMember,
  createSharedMailbox,
  handOverOwnership,
  leaveMailbox,
  listMailboxMembers,
  removeMember,
} from './members.service.ts';

const id = z.string().min(1).max(128);
const accountParams = z.object({ accountId: id });
const memberParams = z.object({ accountId: id, userId: id });
const invitationParams = z.object({ accountId: id, invitationId: id });

/*
 * Members in the portal: a mailbox's owners invite, change, remove and hand over; anyone
 * leaves. Non-members get 404; members whose role may not do it, 403.
 */
export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    declared.post(memberEndpoints.createMailbox),
    {
      schema: {
        tags: ['members'],
        summary: 'Create a shared mailbox (household, company) with the caller as its owner',
        body: createMailboxRequestSchema,
        response: { 201: accountSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const account = await createSharedMailbox(
        app,
        session.userId,
        request.body.name,
        requestOrigin(request),
      );
      return reply.status(201).send(account);
    },
  );

  app.get(
    declared.get(memberEndpoints.members),
    {
      schema: {
        tags: ['members'],
        summary: "A mailbox's members; its owners also see ended members and open invitations",
        params: accountParams,
        response: { 200: mailboxMembersSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) =>
      listMailboxMembers(app, requireSession(request).userId, request.params.accountId),
  );

  app.post(
    declared.post(memberEndpoints.invite),
    {
      schema: {
        tags: ['members'],
        summary: 'Invite someone by e-mail (owners): the e-mail carries a link valid seven days',
        params: accountParams,
        body: inviteMemberRequestSchema,
        response: { 204: noContentSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      await inviteMember(app, {
        callerId: requireSession(request).userId,
        accountId: request.params.accountId,
        request: request.body,
        origin: requestOrigin(request),
      });
      return reply.status(204).send();
    },
  );

  app.delete(
    declared.delete(memberEndpoints.revokeInvitation),
    {
      schema: {
        tags: ['members'],
        summary: 'Withdraw an open invitation (owners)',
        params: invitationParams,
        response: { 204: noContentSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await revokeInvitation(app, {
        callerId: requireSession(request).userId,
        accountId: request.params.accountId,
        invitationId: request.params.invitationId,
        origin: requestOrigin(request),
      });
      return reply.status(204).send();
    },
  );

  app.patch(
    declared.patch(memberEndpoints.changeMember),
    {
      schema: {
        tags: ['members'],
        summary: "Change a member's role or end date (owners); the last owner stays owner",
        params: memberParams,
        body: changeMemberRequestSchema,
        response: { 204: noContentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await changeMember(app, {
        callerId: requireSession(request).userId,
        accountId: request.params.accountId,
        userId: request.params.userId,
        change: request.body,
        origin: requestOrigin(request),
      });
      return reply.status(204).send();
    },
  );

  app.delete(
    declared.delete(memberEndpoints.removeMember),
    {
      schema: {
        tags: ['members'],
        summary: 'Remove a member (owners); the last owner cannot be removed',
        params: memberParams,
        response: { 204: noContentSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await removeMember(app, {
        callerId: requireSession(request).userId,
        accountId: request.params.accountId,
        userId: request.params.userId,
        origin: requestOrigin(request),
      });
      return reply.status(204).send();
    },
  );

  app.post(
    declared.post(memberEndpoints.handOver),
    {
      schema: {
        tags: ['members'],
        summary: 'Make another member owner and become a member (owners)',
        params: accountParams,
        body: handOverRequestSchema,
        response: { 204: noContentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await handOverOwnership(app, {
        callerId: requireSession(request).userId,
        accountId: request.params.accountId,
        userId: request.body.user_id,
        origin: requestOrigin(request),
      });
      return reply.status(204).send();
    },
  );

  app.post(
    declared.post(memberEndpoints.leave),
    {
      schema: {
        tags: ['members'],
        summary: 'Leave a mailbox; the last owner cannot',
        params: accountParams,
        response: { 204: noContentSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await leaveMailbox(app, {
        callerId: requireSession(request).userId,
        accountId: request.params.accountId,
        origin: requestOrigin(request),
      });
      return reply.status(204).send();
    },
  );

  app.get(
    declared.get(memberEndpoints.invitationInfo),
    {
      config: { auth: 'public' },
      schema: {
        tags: ['members'],
        summary: 'What an invitation link offers, without using it up',
        querystring: invitationTokenQuerySchema,
        response: { 200: invitationInfoSchema, ...errorResponses(400, 410, 429) },
      },
    },
    async (request) => getInvitationInfo(app, request.query.token, requestOrigin(request)),
  );

  app.post(
    declared.post(memberEndpoints.accept),
    {
      schema: {
        tags: ['members'],
        summary: 'Accept an invitation as the logged-in user',
        body: acceptInvitationRequestSchema,
        response: { 200: acceptedInvitationSchema, ...errorResponses(400, 401, 403, 410, 429) },
      },
    },
    async (request) =>
      acceptInvitation(app, {
        userId: requireSession(request).userId,
        token: request.body.token,
        origin: requestOrigin(request),
      }),
  );

  app.post(
    declared.post(memberEndpoints.acceptAsNewUser),
    {
      config: { auth: 'public' },
      schema: {
        tags: ['members'],
        summary:
          'Accept an invitation without a Kuvert login: makes the user (the link verifies the address), logs them in',
        body: acceptInvitationAsNewUserRequestSchema,
        response: {
          200: acceptedInvitationSchema,
          ...errorResponses(400, 403, 409, 410, 429),
        },
      },
    },
    async (request, reply) => {
      const origin = requestOrigin(request);
      const { account_id, user } = await acceptInvitationAsNewUser(app, {
        request: request.body,
        origin,
      });
      const { secret } = await createSession(app, {
        userId: user.id,
        userAgent: origin.userAgent,
        ipAddress: origin.ipAddress,
      });
      setSessionCookie(reply, app.config, secret);
      return { account_id };
    },
  );
};
