import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { invalidateAreas, uploadDependentAreas } from '../../../lib/mailbox-keys.ts';

/** Deletes a trashed upload and its bytes for good (it then no longer counts against the quota). */
export function deleteUploadForever(uploadId: string): Promise<void> {
  return apiRequest(`/api/trash/uploads/${encodeURIComponent(uploadId)}`, { method: 'DELETE' });
}

export function useDeleteUploadForever() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUploadForever,
    onSettled: () => invalidateAreas(queryClient, uploadDependentAreas),
  });
}
