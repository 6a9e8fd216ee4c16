import { queryOptions, useQuery } from '@tanstack/react-query';
import { formDraftListSchema } from '@kuvert/shared/forms';
import type { FormDraftList } from '@kuvert/shared/forms';
import { apiRequest } from '../../../lib/http.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function getFormDrafts(accountId: string, signal?: AbortSignal): Promise<FormDraftList> {
  return apiRequest(
    `/api/form-drafts?${new URLSearchParams({ account_id: accountId }).toString()}`,
    { schema: formDraftListSchema, ...(signal ? { signal } : {}) },
  );
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
