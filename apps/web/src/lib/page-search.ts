import { useEffect } from 'react';

/**
 * Which search box `/` focuses. A page with a search box of its own (the inbox) keeps `/` for
 * it; elsewhere the header's takes it. Both listen on the window, in whatever order they were
 * mounted, so the header's asks here instead of racing.
 */
let pageSearchBoxes = 0;

/** A page's own search box: while mounted, `/` is its. */
export function usePageSearchBox(): void {
  useEffect(() => {
    pageSearchBoxes += 1;
    return () => {
      pageSearchBoxes -= 1;
    };
  }, []);
}

export function hasPageSearchBox(): boolean {
  return pageSearchBoxes > 0;
}
