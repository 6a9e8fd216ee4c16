import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MailboxMembers } from '@kuvert/shared/members';
import { memberEndpoints } from '@kuvert/shared/members/endpoints';
import { apiCall } from '../../../lib/api-client.ts';

export function getMailboxMembers(
  accountId: string,
  signal?: AbortSignal,
): Promise<MailboxMembers> {
  return apiCall(memberEndpoints.members, { params: { accountId }, signal });
}

export const mailboxMembersQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: ['members', accountId],
    queryFn: ({ signal }) => getMailboxMembers(accountId, signal),
  });

export function useMailboxMembers(accountId: string) {
  return useQuery(mailboxMembersQueryOptions(accountId));
}
