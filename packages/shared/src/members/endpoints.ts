import { endpoint } from '../api/index.ts';
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
} from './index.ts';
import { accountSchema } from '../accounts/index.ts';

export const memberEndpoints = {
  createMailbox: endpoint({
    method: 'POST',
    path: '/api/accounts',
    body: createMailboxRequestSchema,
    answer: accountSchema,
  }),
  members: endpoint({
    method: 'GET',
    path: '/api/accounts/:accountId/members',
    answer: mailboxMembersSchema,
  }),
  invite: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/invitations',
    body: inviteMemberRequestSchema,
  }),
  revokeInvitation: endpoint({
    method: 'DELETE',
    path: '/api/accounts/:accountId/invitations/:invitationId',
  }),
  changeMember: endpoint({
    method: 'PATCH',
    path: '/api/accounts/:accountId/members/:userId',
    body: changeMemberRequestSchema,
  }),
  removeMember: endpoint({ method: 'DELETE', path: '/api/accounts/:accountId/members/:userId' }),
  handOver: endpoint({
    method: 'POST',
    path: '/api/accounts/:accountId/hand-over',
    body: handOverRequestSchema,
  }),
  leave: endpoint({ method: 'POST', path: '/api/accounts/:accountId/leave' }),
  invitationInfo: endpoint({
    method: 'GET',
    path: '/api/invitations/info',
    query: invitationTokenQuerySchema,
    answer: invitationInfoSchema,
  }),
  accept: endpoint({
    method: 'POST',
    path: '/api/invitations/accept',
    body: acceptInvitationRequestSchema,
    answer: acceptedInvitationSchema,
  }),
  acceptAsNewUser: endpoint({
    method: 'POST',
    path: '/api/invitations/accept-new',
    body: acceptInvitationAsNewUserRequestSchema,
    answer: acceptedInvitationSchema,
  }),
};
