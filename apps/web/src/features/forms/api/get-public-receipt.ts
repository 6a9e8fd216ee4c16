import { useEffect, useState } from 'react';
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

/**
 * The state of the visitor's PDF, asked again each second until it is made (for at most a
 * minute). A plain effect, not a query: the public fill-out page loads no query cache.
 */
export function usePublicReceiptState(receiptUrl: string): PublicReceiptState {
  const [state, setState] = useState<PublicReceiptState>('pending');
  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let checks = 0;
    const check = async () => {
      checks += 1;
      let next: PublicReceiptState;
      try {
        next = await getPublicReceiptState(receiptUrl, controller.signal);
      } catch {
        if (controller.signal.aborted) return;
        next = 'pending';
      }
      if (next === 'pending' && checks >= MAX_CHECKS) next = 'gone';
      setState(next);
      if (next === 'pending') timer = setTimeout(check, RECHECK_MS);
    };
    void check();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [receiptUrl]);
  return state;
}
