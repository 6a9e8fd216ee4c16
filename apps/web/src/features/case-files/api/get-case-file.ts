import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CaseFile } from '@kuvert/shared/case-files';
import { caseFileEndpoints } from '@kuvert/shared/case-files/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function getCaseFile(fileId: string, signal?: AbortSignal): Promise<CaseFile> {
  return apiCall(caseFileEndpoints.get, { params: { id: fileId }, signal });
}

export const caseFileQueryOptions = (fileId: string) =>
  queryOptions({
    queryKey: [...mailboxKeys.caseFiles, 'detail', fileId],
    queryFn: ({ signal }) => getCaseFile(fileId, signal),
  });

export function useCaseFile(fileId: string) {
  return useQuery(caseFileQueryOptions(fileId));
}
