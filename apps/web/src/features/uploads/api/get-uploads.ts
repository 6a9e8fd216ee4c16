import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import type { UploadKind, UploadList, UploadSort, UploadSummary } from '@kuvert/shared/uploads';
import { uploadEndpoints } from '@kuvert/shared/uploads/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';
import { FIRST_PAGE_CURSOR } from '../../../lib/pagination.ts';

/** Which uploads the list shows, in which order (all of it lives in the URL). */
export interface UploadListFilter {
  sort: UploadSort;
  kind: UploadKind | null;
  name: string;
}

export function buildUploadListQuery(
  accountId: string,
  filter: UploadListFilter,
  cursor: string | null,
): string {
  const params = new URLSearchParams({ account_id: accountId, sort: filter.sort });
  if (filter.kind !== null) params.set('kind', filter.kind);
  if (filter.name !== '') params.set('name', filter.name);
  if (cursor !== null) params.set('cursor', cursor);
  return params.toString();
}

export function getUploads(
  accountId: string,
  filter: UploadListFilter,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<UploadList> {
  return apiCall(uploadEndpoints.list, {
    query: buildUploadListQuery(accountId, filter, cursor),
    signal,
  });
}

export const uploadListsKey = [...mailboxKeys.uploads, 'list'] as const;

export const uploadsQueryOptions = (accountId: string, filter: UploadListFilter) =>
  infiniteQueryOptions({
    queryKey: [...uploadListsKey, accountId, filter],
    queryFn: ({ pageParam, signal }) => getUploads(accountId, filter, pageParam, signal),
    initialPageParam: FIRST_PAGE_CURSOR,
    // Keyset pagination: the server says where the next page starts; null means the end.
    getNextPageParam: (lastPage: UploadList) => lastPage.next_cursor,
  });

/** All loaded uploads in order, without duplicates (one may shift between pages). */
export function flattenUploadPages(data: InfiniteData<UploadList> | undefined): UploadSummary[] {
  if (!data) return [];
  const seen = new Set<string>();
  const uploads: UploadSummary[] = [];
  for (const page of data.pages) {
    for (const upload of page.uploads) {
      if (seen.has(upload.id)) continue;
      seen.add(upload.id);
      uploads.push(upload);
    }
  }
  return uploads;
}

export function useUploads(accountId: string | null, filter: UploadListFilter) {
  return useInfiniteQuery({
    ...uploadsQueryOptions(accountId ?? '', filter),
    enabled: accountId !== null,
  });
}
