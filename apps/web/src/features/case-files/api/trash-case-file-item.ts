import { useMutation, useQueryClient } from '@tanstack/react-query';
import { caseFileEndpoints } from '@kuvert/shared/case-files/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { invalidateAreas } from '../../../lib/mailbox-keys.ts';

/** The item goes to the trash: restored from there, or by the undo right after. */
export function trashCaseFileItem(fileId: string, itemId: string): Promise<void> {
  return apiCall(caseFileEndpoints.trashItem, { params: { id: fileId, itemId } });
}

export function useTrashCaseFileItem(fileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) => trashCaseFileItem(fileId, itemId),
    // Not awaited: the page leaves the item at once, without a refetch of it first.
    onSettled: () => void invalidateAreas(queryClient, ['caseFiles', 'trash']),
  });
}
