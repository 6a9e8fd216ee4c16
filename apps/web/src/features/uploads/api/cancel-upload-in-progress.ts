import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { invalidateAreas, uploadDependentAreas } from '../../../lib/mailbox-keys.ts';

/** Cancels an upload in progress; the room it held in the quota comes back at once. */
export function cancelUploadInProgress(uploadId: string): Promise<void> {
  return apiRequest(`/api/uploads/in-progress/${encodeURIComponent(uploadId)}`, {
    method: 'DELETE',
  });
}

export function useCancelUploadInProgress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelUploadInProgress,
    onSettled: () => invalidateAreas(queryClient, uploadDependentAreas),
  });
}
