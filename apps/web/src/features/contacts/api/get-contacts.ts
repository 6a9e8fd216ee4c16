import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import type { Contact, ContactPage } from '@kuvert/shared/contacts';
import { contactEndpoints } from '@kuvert/shared/contacts/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';
import { FIRST_PAGE_CURSOR } from '../../../lib/pagination.ts';

export function getContacts(
  accountId: string,
  search: string,
  cursor: string | null,
  signal?: AbortSignal,
  limit?: number,
): Promise<ContactPage> {
  const params = new URLSearchParams({ account_id: accountId });
  if (search !== '') params.set('q', search);
  if (cursor !== null) params.set('cursor', cursor);
  if (limit !== undefined) params.set('limit', String(limit));
  return apiCall(contactEndpoints.list, { query: params, signal });
}

export const contactListsKey = [...mailboxKeys.contacts, 'list'] as const;

export const contactsQueryOptions = (accountId: string, search: string) =>
  infiniteQueryOptions({
    queryKey: [...contactListsKey, accountId, search],
    queryFn: ({ pageParam, signal }) => getContacts(accountId, search, pageParam, signal),
    initialPageParam: FIRST_PAGE_CURSOR,
    getNextPageParam: (lastPage: ContactPage) => lastPage.next_cursor,
  });

/** The loaded contacts in order, each once (one may move between pages while scrolling). */
export function flattenContactPages(data: InfiniteData<ContactPage> | undefined): Contact[] {
  if (!data) return [];
  const seen = new Set<string>();
  return data.pages
    .flatMap((page) => page.items)
    .filter((contact) => {
      if (seen.has(contact.id)) return false;
      seen.add(contact.id);
      return true;
    });
}

export function useContacts(accountId: string | null, search: string) {
  return useInfiniteQuery({
    ...contactsQueryOptions(accountId ?? '', search),
    enabled: accountId !== null,
    // While a new search loads, the last answer stays: the list does not flash empty.
    placeholderData: keepPreviousData,
  });
}
