import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { caseFileListSchema } from '@kuvert/shared/case-files';
import type { CaseFileList } from '@kuvert/shared/case-files';
import { apiRequest } from '../../../lib/http.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

/** How many files "Add to a file" lists; the search finds the others. */
export const CASE_FILE_CHOICES_LIMIT = 30;

/** The account's files whose title or description has `q`, most recently active first. */
export function getCaseFileChoices(
  accountId: string,
  q: string,
  signal?: AbortSignal,
): Promise<CaseFileList> {
  const params = new URLSearchParams({
    account_id: accountId,
    sort: 'activity',
    limit: String(CASE_FILE_CHOICES_LIMIT),
  });
  if (q !== '') params.set('q', q);
  return apiRequest(`/api/case-files?${params.toString()}`, {
    schema: caseFileListSchema,
    ...(signal ? { signal } : {}),
  });
}

export const caseFileChoicesQueryOptions = (accountId: string, q: string) =>
  queryOptions({
    queryKey: [...mailboxKeys.caseFiles, 'choices', accountId, q],
    queryFn: ({ signal }) => getCaseFileChoices(accountId, q, signal),
  });

/** The files to choose from; while a new search loads, the last list stays. */
export function useCaseFileChoices(accountId: string, q: string) {
  return useQuery({
    ...caseFileChoicesQueryOptions(accountId, q),
    placeholderData: keepPreviousData,
  });
}
