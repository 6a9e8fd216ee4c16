import { useMutation, useQueryClient } from '@tanstack/react-query';
import { folderSchema } from '@kuvert/shared/folders';
import type { Folder } from '@kuvert/shared/folders';
import { apiRequest } from '../../../lib/http.ts';
import { invalidateAreas, letterDependentAreas } from '../../../lib/mailbox-keys.ts';

/** The folder comes back with its letters, renamed "Name (2)" when the name is taken. */
export function restoreFolder(folderId: string): Promise<Folder> {
  return apiRequest(`/api/trash/folders/${encodeURIComponent(folderId)}/restore`, {
    method: 'POST',
    schema: folderSchema,
  });
}

export function useRestoreFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreFolder,
    onSettled: () => invalidateAreas(queryClient, letterDependentAreas),
  });
}
