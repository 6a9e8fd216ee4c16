import { queryOptions, useQuery } from '@tanstack/react-query';
import { letterCaseFilesSchema } from '@kuvert/shared/case-files';
import type { LetterCaseFiles } from '@kuvert/shared/case-files';
import { apiRequest } from '../../../lib/http.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

/** The files a letter is in (with the item), and files its reference numbers point to. */
export function getLetterCaseFiles(
  letterId: string,
  signal?: AbortSignal,
): Promise<LetterCaseFiles> {
  return apiRequest(`/api/case-files/of-letter/${encodeURIComponent(letterId)}`, {
    schema: letterCaseFilesSchema,
    ...(signal ? { signal } : {}),
  });
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
