import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CaseFileItem } from '@kuvert/shared/case-files';
import { caseFileEndpoints } from '@kuvert/shared/case-files/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

export function getCaseFileItem(
  fileId: string,
  itemId: string,
  signal?: AbortSignal,
): Promise<CaseFileItem> {
  return apiCall(caseFileEndpoints.getItem, { params: { id: fileId, itemId }, signal });
}

export const caseFileItemQueryOptions = (fileId: string, itemId: string) =>
  queryOptions({
    queryKey: [...mailboxKeys.caseFiles, 'item', fileId, itemId],
    queryFn: ({ signal }) => getCaseFileItem(fileId, itemId, signal),
  });

export function useCaseFileItem(fileId: string, itemId: string) {
  return useQuery(caseFileItemQueryOptions(fileId, itemId));
}
