import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FormDraftList } from '@kuvert/shared/forms';
import { formEndpoints } from '@kuvert/shared/forms/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function getFormDrafts(accountId: string, signal?: AbortSignal): Promise<FormDraftList> {
  return apiCall(formEndpoints.drafts, { query: { account_id: accountId }, signal });
}

export const formDraftsQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: [...mailboxKeys.forms, 'drafts', 'list', accountId],
    queryFn: ({ signal }) => getFormDrafts(accountId, signal),
  });

/** The mailbox's unsent forms, last saved first; refreshed live (`forms.changed`). */
export function useFormDrafts(accountId: string | null) {
  return useQuery({ ...formDraftsQueryOptions(accountId ?? ''), enabled: accountId !== null });
}
