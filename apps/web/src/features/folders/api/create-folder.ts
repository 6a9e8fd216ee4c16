import { useMutation, useQueryClient } from '@tanstack/react-query';
import { folderSchema } from '@kuvert/shared/folders';
import type { CreateFolderRequest, Folder } from '@kuvert/shared/folders';
import { apiRequest } from '../../../lib/http.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function createFolder(body: CreateFolderRequest): Promise<Folder> {
  return apiRequest('/api/folders', { method: 'POST', body, schema: folderSchema });
}

export function useCreateFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFolder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailboxKeys.folders }),
  });
}
