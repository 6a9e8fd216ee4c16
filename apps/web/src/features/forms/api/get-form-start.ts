import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FormStart } from '@kuvert/shared/forms';
import { formEndpoints } from '@kuvert/shared/forms/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function getFormStart(accountId: string, signal?: AbortSignal): Promise<FormStart> {
  return apiCall(formEndpoints.start, { query: { account_id: accountId }, signal });
}

export const formStartQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: [...mailboxKeys.forms, 'start', accountId],
    queryFn: ({ signal }) => getFormStart(accountId, signal),
  });

/** Where to start: forms of providers that wrote to the mailbox, and its drafts. */
export function useFormStart(accountId: string | null) {
  return useQuery({ ...formStartQueryOptions(accountId ?? ''), enabled: accountId !== null });
}
