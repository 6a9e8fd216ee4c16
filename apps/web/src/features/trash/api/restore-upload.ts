import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadSummarySchema } from '@kuvert/shared/uploads';
import type { UploadSummary } from '@kuvert/shared/uploads';
import { apiRequest } from '../../../lib/http.ts';
import { invalidateAreas, uploadDependentAreas } from '../../../lib/mailbox-keys.ts';

/** The upload leaves the trash and is listed under Uploads again. */
export function restoreUpload(uploadId: string): Promise<UploadSummary> {
  return apiRequest(`/api/trash/uploads/${encodeURIComponent(uploadId)}/restore`, {
    method: 'POST',
    schema: uploadSummarySchema,
  });
}

export function useRestoreUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreUpload,
    onSettled: () => invalidateAreas(queryClient, uploadDependentAreas),
  });
}
