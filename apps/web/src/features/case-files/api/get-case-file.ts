import { queryOptions, useQuery } from '@tanstack/react-query';
import { caseFileSchema } from '@kuvert/shared/case-files';
import type { CaseFile } from '@kuvert/shared/case-files';
import { apiRequest } from '../../../lib/http.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function getCaseFile(fileId: string, signal?: AbortSignal): Promise<CaseFile> {
  return apiRequest(`/api/case-files/${encodeURIComponent(fileId)}`, {
    schema: caseFileSchema,
    ...(signal ? { signal } : {}),
  });
}

export const caseFileQueryOptions = (fileId: string) =>
  queryOptions({
    queryKey: [...mailboxKeys.caseFiles, 'detail', fileId],
    queryFn: ({ signal }) => getCaseFile(fileId, signal),
  });

export function useCaseFile(fileId: string) {
  return useQuery(caseFileQueryOptions(fileId));
}
