import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { letterDependentAreas, mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function deleteFolder(folderId: string): Promise<void> {
  return apiRequest(`/api/folders/${encodeURIComponent(folderId)}`, { method: 'DELETE' });
}

/** The folder's letters go back to the inbox, so every letter list is refreshed too. */
export function useDeleteFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFolder,
    onSuccess: () =>
      Promise.all(
        letterDependentAreas.map((area) =>
          queryClient.invalidateQueries({ queryKey: mailboxKeys[area] }),
        ),
      ),
  });
}
