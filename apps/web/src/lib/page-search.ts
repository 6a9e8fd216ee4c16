import { useEffect, useSyncExternalStore } from 'react';

/**
 * Which search box `/` focuses. A page with a search box of its own (the inbox) keeps `/` for
 * it; elsewhere the header's takes it. Both listen on the window, in whatever order they were
 * mounted, so the header's asks here instead of racing.
 */
let pageSearchBoxes = 0;
const listeners = new Set<() => void>();

function setPageSearchBoxes(count: number): void {
  pageSearchBoxes = count;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A page's own search box: while mounted, `/` is its. */
export function usePageSearchBox(): void {
  useEffect(() => {
    setPageSearchBoxes(pageSearchBoxes + 1);
    return () => setPageSearchBoxes(pageSearchBoxes - 1);
  }, []);
}

export function hasPageSearchBox(): boolean {
  return pageSearchBoxes > 0;
}

/** Whether a page's own box has `/` now (the header then shows no `/` hint). */
export function useHasPageSearchBox(): boolean {
  return useSyncExternalStore(subscribe, hasPageSearchBox, () => false);
}
