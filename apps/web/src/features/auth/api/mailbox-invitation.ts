import type {
  AcceptedInvitation,
  AcceptInvitationAsNewUserRequest,
  InvitationInfo,
} from '@kuvert/shared/members';
import { apiCall } from '../../../lib/api-client.ts';
import { loadAuthEndpoints } from '../../../lib/contract.ts';
import { endSession } from '../../../lib/session.ts';
import { useAction } from '../../../lib/use-action.ts';
import { useTokenLookup, type TokenLookup } from './use-token-lookup.ts';

/*
 * The public accept page: its endpoints load with it, not with the login page (see
 * lib/contract for why the shared contract is loaded on demand there).
 */
const loadMemberEndpoints = () => import('@kuvert/shared/members/endpoints');

export async function getInvitationInfo(
  token: string,
  signal?: AbortSignal,
): Promise<InvitationInfo> {
  const { memberEndpoints } = await loadMemberEndpoints();
  return apiCall(memberEndpoints.invitationInfo, { query: { token }, signal });
}

/** What the invitation offers, read once per token without using it up. */
export function useInvitationInfo(token: string): TokenLookup<InvitationInfo> {
  return useTokenLookup(token, getInvitationInfo);
}

export async function acceptInvitation(token: string): Promise<AcceptedInvitation> {
  const { memberEndpoints } = await loadMemberEndpoints();
  return apiCall(memberEndpoints.accept, { body: { token } });
}

export async function acceptInvitationAsNewUser(
  body: AcceptInvitationAsNewUserRequest,
): Promise<AcceptedInvitation> {
  const { memberEndpoints } = await loadMemberEndpoints();
  return apiCall(memberEndpoints.acceptAsNewUser, { body });
}

export function useAcceptInvitation() {
  return useAction(acceptInvitation);
}

export function useAcceptInvitationAsNewUser() {
  return useAction(acceptInvitationAsNewUser);
}

/**
 * Logs out from the accept page (an invitation for someone else): on the server and, whatever
 * it answers, here. The page has no query client to clear.
 */
async function logOutHere(): Promise<void> {
  try {
    const { authEndpoints } = await loadAuthEndpoints();
    await apiCall(authEndpoints.logout);
  } finally {
    endSession();
  }
}

export function useLogOutHere() {
  return useAction(logOutHere);
}
