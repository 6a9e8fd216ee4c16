import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { invalidateAreas, letterDependentAreas } from '../../../lib/mailbox-keys.ts';

/** Moves the folder and its letters to the trash. */
export function deleteFolder(folderId: string): Promise<void> {
  return apiRequest(`/api/folders/${encodeURIComponent(folderId)}`, { method: 'DELETE' });
}

/** The folder's letters leave every list and count, and the trash gains them. */
export function useDeleteFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFolder,
    onSuccess: () => invalidateAreas(queryClient, letterDependentAreas),
  });
}
