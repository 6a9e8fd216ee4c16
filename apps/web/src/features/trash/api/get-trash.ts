import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { trashSummarySchema } from '@kuvert/shared/trash';
import { uploadSummarySchema } from '@kuvert/shared/uploads';
import { apiRequest } from '../../../lib/http.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

// TEMPORARY until the server's trash summary lists uploads (branch i9-server).
const trashWithUploadsSchema = trashSummarySchema.extend({
  uploads: z.array(uploadSummarySchema).default([]),
});
type TrashSummary = z.infer<typeof trashWithUploadsSchema>;

/**
 * What the trash holds: how many letters (listed by the letter list), which folders and which
 * uploads.
 */
export function getTrash(accountId: string, signal?: AbortSignal): Promise<TrashSummary> {
  return apiRequest(`/api/trash?${new URLSearchParams({ account_id: accountId }).toString()}`, {
    schema: trashWithUploadsSchema,
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
