import { useMutation, useQueryClient } from '@tanstack/react-query';
import { folderSchema } from '@kuvert/shared/folders';
import type { Folder } from '@kuvert/shared/folders';
import { apiRequest } from '../../../lib/http.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function renameFolder({
  folderId,
  name,
}: {
  folderId: string;
  name: string;
}): Promise<Folder> {
  return apiRequest(`/api/folders/${encodeURIComponent(folderId)}`, {
    method: 'PATCH',
    body: { name },
    schema: folderSchema,
  });
}

export function useRenameFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameFolder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailboxKeys.folders }),
  });
}
