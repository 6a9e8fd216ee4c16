import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { invalidateAreas } from '../../../lib/mailbox-keys.ts';

/** An item in the trash goes for good; the letters and uploads it linked stay. */
export function deleteCaseFileItemForever(itemId: string): Promise<void> {
  return apiRequest(`/api/trash/case-file-items/${encodeURIComponent(itemId)}`, {
    method: 'DELETE',
  });
}

export function useDeleteCaseFileItemForever() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCaseFileItemForever,
    onSettled: () => invalidateAreas(queryClient, ['caseFiles', 'trash']),
  });
}
