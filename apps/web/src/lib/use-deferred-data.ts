import { useDeferredValue, useMemo } from 'react';

/**
 * Server data for a large part of a page, rendered a moment after it arrives. The query cache
 * is an external store, whose updates React renders at once and in one piece: a whole list or
 * letter in a single task kept the page from answering input (Lighthouse's blocking time).
 * Rendered as a deferred value, the same work is done in slices React can interrupt.
 *
 * `key` names what the data is of (mailbox, filter, letter id): while the data of another
 * key is still the deferred one, this gives undefined, never the previous key's data.
 */
export function useDeferredData<Data>(data: Data | undefined, key: string): Data | undefined {
  const latest = useMemo(() => ({ key, data }), [key, data]);
  const deferred = useDeferredValue(latest);
  return deferred.key === key && data !== undefined ? deferred.data : undefined;
}
