import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '../../../lib/http.ts';
import { invalidateAreas } from '../../../lib/mailbox-keys.ts';

/** The file comes back from the trash with the items that went with it. */
export function restoreCaseFile(fileId: string): Promise<void> {
  return apiRequest(`/api/trash/case-files/${encodeURIComponent(fileId)}/restore`, {
    method: 'POST',
  });
}

export function useRestoreCaseFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreCaseFile,
    onSettled: () => invalidateAreas(queryClient, ['caseFiles', 'trash']),
  });
}

/**
 * The undo of a notification: it outlives the page that trashed the thing (a mutation's own
 * callbacks do not), so it is a plain call that refreshes the lists when it is done.
 */
export function useRestoreCaseFileLater() {
  const queryClient = useQueryClient();
  return useCallback(
    async (id: string): Promise<void> => {
      try {
        await restoreCaseFile(id);
      } finally {
        void invalidateAreas(queryClient, ['caseFiles', 'trash']);
      }
    },
    [queryClient],
  );
}
