import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { invalidateAreas, uploadDependentAreas } from '../../../lib/mailbox-keys.ts';

/** The upload and its bytes are gone for good; its space is free again. */
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
