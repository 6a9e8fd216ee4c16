import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadDetailSchema } from '@kuvert/shared/uploads';
import type { UploadDetail } from '@kuvert/shared/uploads';
import { apiRequest } from '../../../lib/http.ts';
import { invalidateAreas, uploadDependentAreas } from '../../../lib/mailbox-keys.ts';
import { uploadQueryOptions } from './get-upload.ts';

export function renameUpload({ uploadId, name }: { uploadId: string; name: string }) {
  return apiRequest(`/api/uploads/${encodeURIComponent(uploadId)}`, {
    method: 'PATCH',
    body: { name },
    schema: uploadDetailSchema,
  });
}

export function useRenameUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameUpload,
    onSuccess: (upload: UploadDetail) =>
      queryClient.setQueryData(uploadQueryOptions(upload.id).queryKey, upload),
    onSettled: () => invalidateAreas(queryClient, uploadDependentAreas),
  });
}
