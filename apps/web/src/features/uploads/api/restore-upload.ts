import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadEndpoints } from '@kuvert/shared/uploads/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { invalidateAreas, uploadDependentAreas } from '../../../lib/mailbox-keys.ts';

/** Brings an upload back from the trash. */
export function restoreUpload(uploadId: string): Promise<void> {
  return apiCall(uploadEndpoints.restore, { params: { id: uploadId } });
}

/** Several at once (the undo of a trashed selection); each is its own request. */
export async function restoreUploads(uploadIds: readonly string[]): Promise<void> {
  await Promise.all(uploadIds.map((uploadId) => restoreUpload(uploadId)));
}

export function useRestoreUploads() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreUploads,
    onSettled: () => invalidateAreas(queryClient, uploadDependentAreas),
  });
}
