import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CsvDelimiter, CsvEncoding, UploadTable } from '@kuvert/shared/uploads';
import { uploadEndpoints } from '@kuvert/shared/uploads/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

/** How to read the CSV; null lets the server use what it detected. */
export interface TableReading {
  encoding: CsvEncoding | null;
  delimiter: CsvDelimiter | null;
}

export function getUploadTable(
  uploadId: string,
  reading: TableReading,
  signal?: AbortSignal,
): Promise<UploadTable> {
  const params = new URLSearchParams();
  if (reading.encoding !== null) params.set('encoding', reading.encoding);
  if (reading.delimiter !== null) params.set('delimiter', reading.delimiter);
  return apiCall(uploadEndpoints.table, { params: { id: uploadId }, query: params, signal });
}

export const uploadTableQueryOptions = (uploadId: string, reading: TableReading) =>
  queryOptions({
    queryKey: [...mailboxKeys.uploads, 'table', uploadId, reading],
    queryFn: ({ signal }) => getUploadTable(uploadId, reading, signal),
  });

export function useUploadTable(uploadId: string, reading: TableReading) {
  // The table read the old way stays while the new reading loads: nothing jumps.
  return useQuery({
    ...uploadTableQueryOptions(uploadId, reading),
    placeholderData: keepPreviousData,
  });
}
