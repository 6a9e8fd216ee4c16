import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LetterCaseFiles } from '@kuvert/shared/case-files';
import { caseFileEndpoints } from '@kuvert/shared/case-files/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

/** The files a letter is in (with the item), and files its reference numbers point to. */
export function getLetterCaseFiles(
  letterId: string,
  signal?: AbortSignal,
): Promise<LetterCaseFiles> {
  return apiCall(caseFileEndpoints.ofLetter, { params: { letterId }, signal });
}

export const letterCaseFilesQueryOptions = (letterId: string) =>
  queryOptions({
    // Under the case files' root: a change to any file (live or from here) refreshes it.
    queryKey: [...mailboxKeys.caseFiles, 'of-letter', letterId],
    queryFn: ({ signal }) => getLetterCaseFiles(letterId, signal),
  });

export function useLetterCaseFiles(letterId: string) {
  return useQuery(letterCaseFilesQueryOptions(letterId));
}
