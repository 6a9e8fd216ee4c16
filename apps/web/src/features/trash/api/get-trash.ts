import { queryOptions, useQuery } from '@tanstack/react-query';
import { trashSummarySchema } from '@kuvert/shared/trash';
import type { TrashSummary } from '@kuvert/shared/trash';
import { apiRequest } from '../../../lib/http.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

/**
 * What the trash holds: how many letters (listed by the letter list), which folders and which
 * uploads.
 */
export function getTrash(accountId: string, signal?: AbortSignal): Promise<TrashSummary> {
  return apiRequest(`/api/trash?${new URLSearchParams({ account_id: accountId }).toString()}`, {
    schema: trashSummarySchema,
    ...(signal ? { signal } : {}),
  });
}

export const trashQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: [...mailboxKeys.trash, accountId],
    queryFn: ({ signal }) => getTrash(accountId, signal),
  });

export function useTrash(accountId: string | null) {
  return useQuery({ ...trashQueryOptions(accountId ?? ''), enabled: accountId !== null });
}
