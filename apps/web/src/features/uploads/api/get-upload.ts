import { queryOptions, useQuery } from '@tanstack/react-query';
import { uploadDetailSchema } from '@kuvert/shared/uploads';
import type { UploadDetail } from '@kuvert/shared/uploads';
import { apiRequest } from '../../../lib/http.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function getUpload(uploadId: string, signal?: AbortSignal): Promise<UploadDetail> {
  return apiRequest(`/api/uploads/${encodeURIComponent(uploadId)}`, {
    schema: uploadDetailSchema,
    ...(signal ? { signal } : {}),
  });
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
