import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadEndpoints } from '@kuvert/shared/uploads/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { invalidateAreas, uploadDependentAreas } from '../../../lib/mailbox-keys.ts';

/** Cancels an upload in progress; the room it held in the quota comes back at once. */
export function cancelUploadInProgress(uploadId: string): Promise<void> {
  return apiCall(uploadEndpoints.cancelInProgress, { params: { id: uploadId } });
}

export function useCancelUploadInProgress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelUploadInProgress,
    onSettled: () => invalidateAreas(queryClient, uploadDependentAreas),
  });
}
