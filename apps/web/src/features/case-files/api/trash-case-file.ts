import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { invalidateAreas } from '../../../lib/mailbox-keys.ts';

/** The file goes to the trash with its items: restored from there, or by the undo right after. */
export function trashCaseFile(fileId: string): Promise<void> {
  return apiRequest(`/api/case-files/${encodeURIComponent(fileId)}`, { method: 'DELETE' });
}

export function useTrashCaseFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: trashCaseFile,
    // Not awaited: the page leaves the file at once, without a refetch of it first.
    onSettled: () => void invalidateAreas(queryClient, ['caseFiles', 'trash']),
  });
}
