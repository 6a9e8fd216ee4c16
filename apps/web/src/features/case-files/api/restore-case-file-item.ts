import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CaseFileItem } from '@kuvert/shared/case-files';
import { caseFileEndpoints } from '@kuvert/shared/case-files/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { invalidateAreas } from '../../../lib/mailbox-keys.ts';

/** The item comes back from the trash into its file (which must not be in the trash). */
export function restoreCaseFileItem(itemId: string): Promise<CaseFileItem> {
  return apiCall(caseFileEndpoints.restoreItem, { params: { id: itemId } });
}

export function useRestoreCaseFileItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreCaseFileItem,
    onSettled: () => invalidateAreas(queryClient, ['caseFiles', 'trash']),
  });
}

/**
 * The undo of a notification: it outlives the page that trashed the item (a mutation's own
 * callbacks do not), so it is a plain call that refreshes the lists when it is done.
 */
export function useRestoreCaseFileItemLater() {
  const queryClient = useQueryClient();
  return async (itemId: string): Promise<CaseFileItem> => {
    try {
      return await restoreCaseFileItem(itemId);
    } finally {
      void invalidateAreas(queryClient, ['caseFiles', 'trash']);
    }
  };
}
