import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import type { CaseFileItemSummary, CaseFileTimeline } from '@kuvert/shared/case-files';
import { caseFileEndpoints } from '@kuvert/shared/case-files/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';
import { FIRST_PAGE_CURSOR } from '../../../lib/pagination.ts';

export function getCaseFileTimeline(
  fileId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<CaseFileTimeline> {
  return apiCall(caseFileEndpoints.timeline, {
    params: { id: fileId },
    query: cursor === null ? undefined : { cursor },
    signal,
  });
}

export const caseFileTimelineQueryOptions = (fileId: string) =>
  infiniteQueryOptions({
    queryKey: [...mailboxKeys.caseFiles, 'timeline', fileId],
    queryFn: ({ pageParam, signal }) => getCaseFileTimeline(fileId, pageParam, signal),
    initialPageParam: FIRST_PAGE_CURSOR,
    getNextPageParam: (lastPage: CaseFileTimeline) => lastPage.next_cursor,
  });

/** The loaded items newest first, each once (an item may shift between pages as it changes). */
export function flattenTimelinePages(
  data: InfiniteData<CaseFileTimeline> | undefined,
): CaseFileItemSummary[] {
  if (!data) return [];
  const seen = new Set<string>();
  return data.pages
    .flatMap((page) => page.items)
    .filter((item) => {
      if (seen.has(item.id)) return false;
      seen.add(item.id);
      return true;
    });
}

/** A file's items, newest first, page by page. */
export function useCaseFileTimeline(fileId: string, enabled = true) {
  return useInfiniteQuery({ ...caseFileTimelineQueryOptions(fileId), enabled });
}
