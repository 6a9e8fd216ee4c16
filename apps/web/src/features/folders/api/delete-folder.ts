import { useMutation, useQueryClient } from '@tanstack/react-query';
import { folderEndpoints } from '@kuvert/shared/folders/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { invalidateAreas, letterDependentAreas } from '../../../lib/mailbox-keys.ts';

/** Moves the folder and its letters to the trash. */
export function deleteFolder(folderId: string): Promise<void> {
  return apiCall(folderEndpoints.delete, { params: { id: folderId } });
}

/** The folder's letters leave every list and count, and the trash gains them. */
export function useDeleteFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFolder,
    onSuccess: () => invalidateAreas(queryClient, letterDependentAreas),
  });
}
