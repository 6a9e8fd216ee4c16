import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { invalidateAreas } from '../../../lib/mailbox-keys.ts';

/** The item goes to the trash: restored from there, or by the undo right after. */
export function trashCaseFileItem(fileId: string, itemId: string): Promise<void> {
  return apiRequest(
    `/api/case-files/${encodeURIComponent(fileId)}/items/${encodeURIComponent(itemId)}`,
    { method: 'DELETE' },
  );
}

export function useTrashCaseFileItem(fileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) => trashCaseFileItem(fileId, itemId),
    // Not awaited: the page leaves the item at once, without a refetch of it first.
    onSettled: () => void invalidateAreas(queryClient, ['caseFiles', 'trash']),
  });
}
