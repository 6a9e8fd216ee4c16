import { queryOptions, useQuery } from '@tanstack/react-query';
import { env } from '../../../config/env.ts';

/** Where an anonymous visitor's PDF downloads (the server's path, on the API's origin). */
export function publicReceiptHref(receiptUrl: string): string {
  return /^https?:\/\//u.test(receiptUrl) ? receiptUrl : `${env.apiBaseUrl}${receiptUrl}`;
}

/** `ready` to download, `pending` while it is being made, `gone` when it never will be. */
export type PublicReceiptState = 'ready' | 'pending' | 'gone';

/**
 * HEAD /api/public/form-submissions/{id}/receipt?key=…: whether the PDF of the answers just
 * sent can be downloaded yet (409 while the delivery job is making it).
 */
export async function getPublicReceiptState(
  receiptUrl: string,
  signal?: AbortSignal,
): Promise<PublicReceiptState> {
  const response = await fetch(publicReceiptHref(receiptUrl), {
    method: 'HEAD',
    credentials: 'omit',
    cache: 'no-store',
    ...(signal ? { signal } : {}),
  });
  if (response.ok) return 'ready';
  return response.status === 409 ? 'pending' : 'gone';
}

/** Looks again this often while the PDF is being made, for at most this long. */
const RECHECK_MS = 1000;
const MAX_CHECKS = 60;

export const publicReceiptQueryOptions = (receiptUrl: string) =>
  queryOptions({
    queryKey: ['forms', 'public-receipt', receiptUrl],
    queryFn: ({ signal }) => getPublicReceiptState(receiptUrl, signal),
    retry: false,
    gcTime: 0,
  });

/** The state of the visitor's PDF, asked again each second until it is made (or a minute). */
export function usePublicReceiptState(receiptUrl: string) {
  return useQuery({
    ...publicReceiptQueryOptions(receiptUrl),
    refetchInterval: (query) =>
      query.state.data === 'pending' && query.state.dataUpdateCount < MAX_CHECKS
        ? RECHECK_MS
        : false,
  });
}
