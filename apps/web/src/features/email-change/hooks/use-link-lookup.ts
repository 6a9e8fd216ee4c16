import { useEffect, useState } from 'react';

/** What a look-up of a mailed link's token answered, for the link on screen. */
export type LinkLookup<T> =
  { status: 'pending' } | { status: 'error'; error: unknown } | { status: 'success'; info: T };

type Settled<T> = Exclude<LinkLookup<T>, { status: 'pending' }> & { token: string };

/**
 * Asks the server about a mailed link's token once per token: public pages with nothing to
 * cache, so a plain effect (as the auth feature's token look-up, which features may not share).
 */
export function useLinkLookup<T>(
  token: string,
  lookUp: (token: string, signal: AbortSignal) => Promise<T>,
): LinkLookup<T> {
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  useEffect(() => {
    if (token === '') return;
    const controller = new AbortController();
    lookUp(token, controller.signal).then(
      (info) => setSettled({ token, status: 'success', info }),
      (error: unknown) => {
        if (!controller.signal.aborted) setSettled({ token, status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [token, lookUp]);
  return settled !== null && settled.token === token ? settled : { status: 'pending' };
}
