import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateFolderRequest, Folder } from '@kuvert/shared/folders';
import { folderEndpoints } from '@kuvert/shared/folders/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function createFolder(body: CreateFolderRequest): Promise<Folder> {
  return apiCall(folderEndpoints.create, { body });
}

export function useCreateFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFolder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailboxKeys.folders }),
  });
}
