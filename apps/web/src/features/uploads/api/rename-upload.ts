import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UploadDetail } from '@kuvert/shared/uploads';
import { uploadEndpoints } from '@kuvert/shared/uploads/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { invalidateAreas, uploadDependentAreas } from '../../../lib/mailbox-keys.ts';
import { uploadQueryOptions } from './get-upload.ts';

export function renameUpload({ uploadId, name }: { uploadId: string; name: string }) {
  return apiCall(uploadEndpoints.rename, { params: { id: uploadId }, body: { name } });
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
