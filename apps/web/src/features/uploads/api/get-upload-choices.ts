import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import type { UploadList, UploadSummary } from '@kuvert/shared/uploads';
import { uploadEndpoints } from '@kuvert/shared/uploads/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';
import { FIRST_PAGE_CURSOR } from '../../../lib/pagination.ts';

const CHOICES_PAGE_SIZE = 50;

/** One page of the account's uploads, newest first, whose name contains `name`. */
export function getUploadChoices(
  accountId: string,
  name: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<UploadList> {
  const params = new URLSearchParams({
    account_id: accountId,
    sort: 'newest',
    limit: String(CHOICES_PAGE_SIZE),
  });
  if (name !== '') params.set('name', name);
  if (cursor !== null) params.set('cursor', cursor);
  return apiCall(uploadEndpoints.list, { query: params, signal });
}

export const uploadChoicesQueryOptions = (accountId: string, name: string) =>
  infiniteQueryOptions({
    queryKey: [...mailboxKeys.uploads, 'choices', accountId, name],
    queryFn: ({ pageParam, signal }) => getUploadChoices(accountId, name, pageParam, signal),
    initialPageParam: FIRST_PAGE_CURSOR,
    getNextPageParam: (lastPage: UploadList) => lastPage.next_cursor,
  });

/** The uploads a picker offers; while a new filter loads, the last list stays. */
export function useUploadChoices(accountId: string, name: string, enabled: boolean) {
  return useInfiniteQuery({
    ...uploadChoicesQueryOptions(accountId, name),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Loaded uploads in order, each once (an upload may shift between pages). */
export function flattenUploadPages(data: InfiniteData<UploadList> | undefined): UploadSummary[] {
  if (!data) return [];
  const seen = new Set<string>();
  return data.pages
    .flatMap((page) => page.uploads)
    .filter((upload) => {
      if (seen.has(upload.id)) return false;
      seen.add(upload.id);
      return true;
    });
}
