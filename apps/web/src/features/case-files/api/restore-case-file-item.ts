import { useMutation, useQueryClient } from '@tanstack/react-query';
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
