import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { invalidateAreas, letterDependentAreas } from '../../../lib/mailbox-keys.ts';

export function deleteFolderForever(folderId: string): Promise<void> {
  return apiRequest(`/api/trash/folders/${encodeURIComponent(folderId)}`, { method: 'DELETE' });
}

export function useDeleteFolderForever() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFolderForever,
    onSettled: () => invalidateAreas(queryClient, letterDependentAreas),
  });
}
