import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import { caseFileTimelineSchema } from '@kuvert/shared/case-files';
import type { CaseFileItemSummary, CaseFileTimeline } from '@kuvert/shared/case-files';
import { apiRequest } from '../../../lib/http.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';
import { FIRST_PAGE_CURSOR } from '../../../lib/pagination.ts';

export function getCaseFileTimeline(
  fileId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<CaseFileTimeline> {
  const query = cursor === null ? '' : `?${new URLSearchParams({ cursor }).toString()}`;
  return apiRequest(`/api/case-files/${encodeURIComponent(fileId)}/items${query}`, {
    schema: caseFileTimelineSchema,
    ...(signal ? { signal } : {}),
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
