import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataExport, LatestDataExport } from '@kuvert/shared/data-export';
import { dataExportEndpoints } from '@kuvert/shared/data-export/endpoints';
import { apiCall } from '../../../lib/api-client.ts';

/** While an export is made, its progress is asked for this often. */
const PROGRESS_POLL_MS = 1500;

export function getLatestDataExport(signal?: AbortSignal): Promise<LatestDataExport> {
  return apiCall(dataExportEndpoints.latest, { signal });
}

export const latestDataExportQueryOptions = () =>
  queryOptions({
    queryKey: ['profile', 'data-export'],
    queryFn: ({ signal }) => getLatestDataExport(signal),
    refetchInterval: (query) => {
      const status = query.state.data?.export?.status;
      return status === 'pending' || status === 'running' ? PROGRESS_POLL_MS : false;
    },
  });

export function useLatestDataExport() {
  return useQuery(latestDataExportQueryOptions());
}

export function requestDataExport(): Promise<DataExport> {
  return apiCall(dataExportEndpoints.request);
}

export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestDataExport,
    onSuccess: (made) =>
      queryClient.setQueryData(latestDataExportQueryOptions().queryKey, { export: made }),
    // DATA_EXPORT_RUNNING: show the one that runs.
    onError: () =>
      queryClient.invalidateQueries({ queryKey: latestDataExportQueryOptions().queryKey }),
  });
}
