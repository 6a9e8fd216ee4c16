import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '../../../lib/http.ts';
import { invalidateAreas } from '../../../lib/mailbox-keys.ts';

/** The item comes back from the trash into its file (which must not be in the trash). */
export function restoreCaseFileItem(itemId: string): Promise<void> {
  return apiRequest(`/api/trash/case-file-items/${encodeURIComponent(itemId)}/restore`, {
    method: 'POST',
  });
}

export function useRestoreCaseFileItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreCaseFileItem,
    onSettled: () => invalidateAreas(queryClient, ['caseFiles', 'trash']),
  });
}

/**
 * The undo of a notification: it outlives the page that trashed the thing (a mutation's own
 * callbacks do not), so it is a plain call that refreshes the lists when it is done.
 */
export function useRestoreCaseFileItemLater() {
  const queryClient = useQueryClient();
  return useCallback(
    async (id: string): Promise<void> => {
      try {
        await restoreCaseFileItem(id);
      } finally {
        void invalidateAreas(queryClient, ['caseFiles', 'trash']);
      }
    },
    [queryClient],
  );
}
