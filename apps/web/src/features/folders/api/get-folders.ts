import { queryOptions, useQuery } from '@tanstack/react-query';
import { folderListSchema } from '@kuvert/shared/folders';
import type { FolderList } from '@kuvert/shared/folders';
import { apiRequest } from '../../../lib/http.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function getFolders(accountId: string, signal?: AbortSignal): Promise<FolderList> {
  return apiRequest(`/api/folders?${new URLSearchParams({ account_id: accountId }).toString()}`, {
    schema: folderListSchema,
    ...(signal ? { signal } : {}),
  });
}

export const foldersQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: [...mailboxKeys.folders, accountId],
    queryFn: ({ signal }) => getFolders(accountId, signal),
  });

export function useFolders(accountId: string | null) {
  return useQuery({ ...foldersQueryOptions(accountId ?? ''), enabled: accountId !== null });
}
