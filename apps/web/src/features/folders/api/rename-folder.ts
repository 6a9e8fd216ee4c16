import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Folder } from '@kuvert/shared/folders';
import { folderEndpoints } from '@kuvert/shared/folders/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function renameFolder({
  folderId,
  name,
}: {
  folderId: string;
  name: string;
}): Promise<Folder> {
  return apiCall(folderEndpoints.rename, { params: { id: folderId }, body: { name } });
}

export function useRenameFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameFolder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailboxKeys.folders }),
  });
}
