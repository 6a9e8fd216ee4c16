import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { FolderList } from '@kuvert/shared/folders';
import { folderEndpoints } from '@kuvert/shared/folders/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';
import { sortFoldersByName } from '../hooks/folder-order.ts';

export function getFolders(accountId: string, signal?: AbortSignal): Promise<FolderList> {
  return apiCall(folderEndpoints.list, { query: { account_id: accountId }, signal });
}

export const foldersQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: [...mailboxKeys.folders, accountId],
    queryFn: ({ signal }) => getFolders(accountId, signal),
  });

/** The mailbox's folders in the UI language's alphabetical order, wherever they are listed. */
export function useFolders(accountId: string | null) {
  const { i18n } = useTranslation();
  const { language } = i18n;
  const inReadersOrder = useCallback(
    (data: FolderList): FolderList => ({ folders: sortFoldersByName(data.folders, language) }),
    [language],
  );
  return useQuery({
    ...foldersQueryOptions(accountId ?? ''),
    enabled: accountId !== null,
    select: inReadersOrder,
  });
}
