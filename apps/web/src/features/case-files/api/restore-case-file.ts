import { useMutation, useQueryClient } from '@tanstack/react-query';
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
