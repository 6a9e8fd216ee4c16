import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UploadSelection } from '@kuvert/shared/uploads';
import { uploadEndpoints } from '@kuvert/shared/uploads/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { invalidateAreas, uploadDependentAreas } from '../../../lib/mailbox-keys.ts';

/** Moves uploads to the trash; they still count against the quota until it is emptied. */
export function trashUploads(selection: UploadSelection): Promise<void> {
  return apiCall(uploadEndpoints.trash, { body: selection });
}

export function useTrashUploads() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: trashUploads,
    onSettled: () => invalidateAreas(queryClient, uploadDependentAreas),
  });
}
