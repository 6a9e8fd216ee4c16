import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ChangeMemberRequest,
  CreateMailboxRequest,
  InviteMemberRequest,
} from '@kuvert/shared/members';
import { authEndpoints } from '@kuvert/shared/auth/endpoints';
import { memberEndpoints } from '@kuvert/shared/members/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { startSession } from '../../../lib/session.ts';
import { securityLogKey } from '../../../lib/security-log-key.ts';

/** The mailboxes and roles live in the session: read anew after a change of membership. */
export async function refreshSessionAccounts(): Promise<void> {
  startSession(await apiCall(authEndpoints.session));
}

/** After any change: the mailbox's members, the security log and the session's mailboxes. */
function useAfterChange() {
  const queryClient = useQueryClient();
  return async (accountId: string) => {
    // The session first: a mailbox left is gone from the page before its members are asked for.
    await refreshSessionAccounts();
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['members', accountId] }),
      queryClient.invalidateQueries({ queryKey: securityLogKey }),
    ]);
  };
}

export function useCreateMailbox() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (body: CreateMailboxRequest) => apiCall(memberEndpoints.createMailbox, { body }),
    onSuccess: (account) => afterChange(account.id),
  });
}

export function useInviteMember(accountId: string) {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (body: InviteMemberRequest) =>
      apiCall(memberEndpoints.invite, { params: { accountId }, body }),
    onSuccess: () => afterChange(accountId),
  });
}

export function useRevokeInvitation(accountId: string) {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (invitationId: string) =>
      apiCall(memberEndpoints.revokeInvitation, { params: { accountId, invitationId } }),
    onSuccess: () => afterChange(accountId),
  });
}

export function useChangeMember(accountId: string) {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: ({ userId, change }: { userId: string; change: ChangeMemberRequest }) =>
      apiCall(memberEndpoints.changeMember, { params: { accountId, userId }, body: change }),
    onSuccess: () => afterChange(accountId),
  });
}

export function useRemoveMember(accountId: string) {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (userId: string) =>
      apiCall(memberEndpoints.removeMember, { params: { accountId, userId } }),
    onSuccess: () => afterChange(accountId),
  });
}

export function useHandOver(accountId: string) {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (userId: string) =>
      apiCall(memberEndpoints.handOver, { params: { accountId }, body: { user_id: userId } }),
    onSuccess: () => afterChange(accountId),
  });
}

export function useLeaveMailbox(accountId: string) {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: () => apiCall(memberEndpoints.leave, { params: { accountId } }),
    onSuccess: () => afterChange(accountId),
  });
}
