import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import type { FormSubmissionPage, FormSubmissionSummary } from '@kuvert/shared/forms';
import { env } from '../../../config/env.ts';
import { formEndpoints } from '@kuvert/shared/forms/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';
import { FIRST_PAGE_CURSOR } from '../../../lib/pagination.ts';

export function getFormSubmissions(
  accountId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<FormSubmissionPage> {
  const params = new URLSearchParams({ account_id: accountId });
  if (cursor !== null) params.set('cursor', cursor);
  return apiCall(formEndpoints.submissions, { query: params, signal });
}

export const formSubmissionsQueryOptions = (accountId: string) =>
  infiniteQueryOptions({
    queryKey: [...mailboxKeys.forms, 'submissions', 'list', accountId],
    queryFn: ({ pageParam, signal }) => getFormSubmissions(accountId, pageParam, signal),
    initialPageParam: FIRST_PAGE_CURSOR,
    getNextPageParam: (lastPage: FormSubmissionPage) => lastPage.next_cursor,
  });

/** The loaded submissions in order, each once. */
export function flattenSubmissionPages(
  data: InfiniteData<FormSubmissionPage> | undefined,
): FormSubmissionSummary[] {
  if (!data) return [];
  const seen = new Set<string>();
  return data.pages
    .flatMap((page) => page.items)
    .filter((submission) => {
      if (seen.has(submission.id)) return false;
      seen.add(submission.id);
      return true;
    });
}

/** Where the receipt PDF opens (the server's path, on the API's origin). */
export function receiptHref(receiptUrl: string): string {
  return /^https?:\/\//u.test(receiptUrl) ? receiptUrl : `${env.apiBaseUrl}${receiptUrl}`;
}

/**
 * How often the list looks again while a submission is still being delivered. The live event
 * says so at once; this covers one sent while the page was still connecting to the events.
 */
const PROCESSING_RECHECK_MS = 5000;

/** The mailbox's submitted forms, newest first, a page at a time; live (`forms.changed`). */
export function useFormSubmissions(accountId: string | null) {
  return useInfiniteQuery({
    ...formSubmissionsQueryOptions(accountId ?? ''),
    enabled: accountId !== null,
    refetchInterval: (query) =>
      flattenSubmissionPages(query.state.data).some(
        (submission) => submission.status === 'processing',
      )
        ? PROCESSING_RECHECK_MS
        : false,
  });
}
