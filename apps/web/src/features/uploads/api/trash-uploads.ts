import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UploadSelection } from '@kuvert/shared/uploads';
import { apiRequest } from '../../../lib/http.ts';
import { invalidateAreas, uploadDependentAreas } from '../../../lib/mailbox-keys.ts';

/** Moves uploads to the trash; they still count against the quota until it is emptied. */
export function trashUploads(selection: UploadSelection): Promise<void> {
  return apiRequest('/api/uploads/trash', { method: 'POST', body: selection });
}

export function useTrashUploads() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: trashUploads,
    onSettled: () => invalidateAreas(queryClient, uploadDependentAreas),
  });
}
