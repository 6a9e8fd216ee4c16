import { queryOptions, useQuery } from '@tanstack/react-query';
import { formStartSchema } from '@kuvert/shared/forms';
import type { FormStart } from '@kuvert/shared/forms';
import { apiRequest } from '../../../lib/http.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function getFormStart(accountId: string, signal?: AbortSignal): Promise<FormStart> {
  return apiRequest(
    `/api/forms/start?${new URLSearchParams({ account_id: accountId }).toString()}`,
    { schema: formStartSchema, ...(signal ? { signal } : {}) },
  );
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
