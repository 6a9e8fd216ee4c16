import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';
import { getCaseFiles } from './get-case-files.ts';

/** How many files "Add to a file" lists; the search finds the others. */
export const CASE_FILE_CHOICES_LIMIT = 30;

/** The account's files whose title or description has `q`, most recently active first. */
export const caseFileChoicesQueryOptions = (accountId: string, q: string) =>
  queryOptions({
    queryKey: [...mailboxKeys.caseFiles, 'choices', accountId, q],
    queryFn: ({ signal }) =>
      getCaseFiles(accountId, { q, sort: 'activity' }, null, signal, CASE_FILE_CHOICES_LIMIT),
  });

/** The files to choose from; while a new search loads, the last list stays. */
export function useCaseFileChoices(accountId: string, q: string) {
  return useQuery({
    ...caseFileChoicesQueryOptions(accountId, q),
    placeholderData: keepPreviousData,
  });
}
