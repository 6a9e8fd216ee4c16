import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { invalidateAreas } from '../../../lib/mailbox-keys.ts';

/** A file in the trash goes for good, with its items; the letters and uploads they linked stay. */
export function deleteCaseFileForever(fileId: string): Promise<void> {
  return apiRequest(`/api/trash/case-files/${encodeURIComponent(fileId)}`, { method: 'DELETE' });
}

export function useDeleteCaseFileForever() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCaseFileForever,
    onSettled: () => invalidateAreas(queryClient, ['caseFiles', 'trash']),
  });
}
