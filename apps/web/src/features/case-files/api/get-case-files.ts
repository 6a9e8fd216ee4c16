import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import type { CaseFile, CaseFileList, CaseFileSort } from '@kuvert/shared/case-files';
import { caseFileEndpoints } from '@kuvert/shared/case-files/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';
import { FIRST_PAGE_CURSOR } from '../../../lib/pagination.ts';

/** Which files a list shows: words of the title or description, and the order. */
export interface CaseFileListFilter {
  q: string;
  sort: CaseFileSort;
}

export function buildCaseFileListQuery(
  accountId: string,
  { q, sort }: CaseFileListFilter,
  cursor: string | null,
  limit?: number,
): string {
  const params = new URLSearchParams({ account_id: accountId, sort });
  if (q !== '') params.set('q', q);
  if (cursor !== null) params.set('cursor', cursor);
  if (limit !== undefined) params.set('limit', String(limit));
  return params.toString();
}

export function getCaseFiles(
  accountId: string,
  filter: CaseFileListFilter,
  cursor: string | null,
  signal?: AbortSignal,
  limit?: number,
): Promise<CaseFileList> {
  return apiCall(caseFileEndpoints.list, {
    query: buildCaseFileListQuery(accountId, filter, cursor, limit),
    signal,
  });
}

export const caseFileListsKey = [...mailboxKeys.caseFiles, 'list'] as const;

export const caseFilesQueryOptions = (accountId: string, filter: CaseFileListFilter) =>
  infiniteQueryOptions({
    queryKey: [...caseFileListsKey, accountId, filter.q, filter.sort],
    queryFn: ({ pageParam, signal }) => getCaseFiles(accountId, filter, pageParam, signal),
    initialPageParam: FIRST_PAGE_CURSOR,
    // Keyset pagination: the server says where the next page starts; null means the end.
    getNextPageParam: (lastPage: CaseFileList) => lastPage.next_cursor,
  });

/** The loaded files in order, each once (a file may shift between pages as it changes). */
export function flattenCaseFilePages(data: InfiniteData<CaseFileList> | undefined): CaseFile[] {
  if (!data) return [];
  const seen = new Set<string>();
  return data.pages
    .flatMap((page) => page.files)
    .filter((file) => {
      if (seen.has(file.id)) return false;
      seen.add(file.id);
      return true;
    });
}

/** The account's live files, page by page; while a new search loads, the last list stays. */
export function useCaseFiles(accountId: string | null, filter: CaseFileListFilter) {
  return useInfiniteQuery({
    ...caseFilesQueryOptions(accountId ?? '', filter),
    enabled: accountId !== null,
    placeholderData: keepPreviousData,
  });
}
