import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import type { TrashEntry, TrashEntryPage, TrashKind } from '@kuvert/shared/trash';
import { trashEndpoints } from '@kuvert/shared/trash/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';
import { FIRST_PAGE_CURSOR } from '../../../lib/pagination.ts';

/** Everything in the trash, newest first; `kind` null for every kind. */
export function getTrashEntries(
  accountId: string,
  kind: TrashKind | null,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<TrashEntryPage> {
  const params = new URLSearchParams({ account_id: accountId });
  if (kind !== null) params.set('kind', kind);
  if (cursor !== null) params.set('cursor', cursor);
  return apiCall(trashEndpoints.entries, { query: params, signal });
}

export const trashEntriesQueryOptions = (accountId: string, kind: TrashKind | null) =>
  infiniteQueryOptions({
    queryKey: [...mailboxKeys.trash, 'entries', accountId, kind ?? 'all'],
    queryFn: ({ pageParam, signal }) => getTrashEntries(accountId, kind, pageParam, signal),
    initialPageParam: FIRST_PAGE_CURSOR,
    // Keyset pagination: the server says where the next page starts; null means the end.
    getNextPageParam: (lastPage: TrashEntryPage) => lastPage.next_cursor,
  });

export function useTrashEntries(accountId: string | null, kind: TrashKind | null) {
  return useInfiniteQuery({
    ...trashEntriesQueryOptions(accountId ?? '', kind),
    enabled: accountId !== null,
  });
}

/** The loaded entries in order, once each (an entry may shift between pages). */
export function flattenTrashEntries(data: InfiniteData<TrashEntryPage> | undefined): TrashEntry[] {
  if (!data) return [];
  const seen = new Set<string>();
  const entries: TrashEntry[] = [];
  for (const page of data.pages) {
    for (const entry of page.entries) {
      const key = trashEntryKey(entry);
      if (seen.has(key)) continue;
      seen.add(key);
      entries.push(entry);
    }
  }
  return entries;
}

/** Ids are unique per kind only: the kind makes them unique in the trash. */
export function trashEntryKey(entry: Pick<TrashEntry, 'kind' | 'id'>): string {
  return `${entry.kind}:${entry.id}`;
}
