import { queryOptions, useQuery } from '@tanstack/react-query';
import { caseFileItemSchema } from '@kuvert/shared/case-files';
import type { CaseFileItem } from '@kuvert/shared/case-files';
import { apiRequest } from '../../../lib/http.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

const itemPath = (fileId: string, itemId: string) =>
  `/api/case-files/${encodeURIComponent(fileId)}/items/${encodeURIComponent(itemId)}`;

export function getCaseFileItem(
  fileId: string,
  itemId: string,
  signal?: AbortSignal,
): Promise<CaseFileItem> {
  return apiRequest(itemPath(fileId, itemId), {
    schema: caseFileItemSchema,
    ...(signal ? { signal } : {}),
  });
}

export const caseFileItemQueryOptions = (fileId: string, itemId: string) =>
  queryOptions({
    queryKey: [...mailboxKeys.caseFiles, 'item', fileId, itemId],
    queryFn: ({ signal }) => getCaseFileItem(fileId, itemId, signal),
  });

export function useCaseFileItem(fileId: string, itemId: string) {
  return useQuery(caseFileItemQueryOptions(fileId, itemId));
}
