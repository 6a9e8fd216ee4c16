import { useEffect, useState } from 'react';

/** What a look-up of a mailed link's token answered, for the link on screen. */
export type TokenLookup<T> =
  { status: 'pending' } | { status: 'error'; error: unknown } | { status: 'success'; info: T };

type Settled<T> = Exclude<TokenLookup<T>, { status: 'pending' }> & { token: string };

/**
 * Asks the server about a mailed link's token once per token. Public pages, nothing to cache:
 * a plain effect instead of the signed-in query client. An empty token asks nothing.
 */
export function useTokenLookup<T>(
  token: string,
  lookUp: (token: string, signal: AbortSignal) => Promise<T>,
): TokenLookup<T> {
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
  // An answer for an earlier token does not count: still pending for this one.
  return settled !== null && settled.token === token ? settled : { status: 'pending' };
}
