import { useMutation, useQueryClient } from '@tanstack/react-query';
import { caseFileEndpoints } from '@kuvert/shared/case-files/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { invalidateAreas } from '../../../lib/mailbox-keys.ts';

/** The file goes to the trash with its items: restored from there, or by the undo right after. */
export function trashCaseFile(fileId: string): Promise<void> {
  return apiCall(caseFileEndpoints.trash, { params: { id: fileId } });
}

export function useTrashCaseFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: trashCaseFile,
    // Not awaited: the page leaves the file at once, without a refetch of it first.
    onSettled: () => void invalidateAreas(queryClient, ['caseFiles', 'trash']),
  });
}
