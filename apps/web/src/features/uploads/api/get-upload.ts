import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UploadDetail } from '@kuvert/shared/uploads';
import { uploadEndpoints } from '@kuvert/shared/uploads/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function getUpload(uploadId: string, signal?: AbortSignal): Promise<UploadDetail> {
  return apiCall(uploadEndpoints.get, { params: { id: uploadId }, signal });
}

export const uploadQueryOptions = (uploadId: string) =>
  queryOptions({
    queryKey: [...mailboxKeys.uploads, 'detail', uploadId],
    queryFn: ({ signal }) => getUpload(uploadId, signal),
  });

/** `enabled: false` asks nothing (no upload named yet). */
export function useUpload(uploadId: string, enabled = true) {
  return useQuery({ ...uploadQueryOptions(uploadId), enabled });
}
