import { useEffect, useState } from 'react';

/**
 * False until the page has painted and the browser has a moment with nothing else to do (or
 * `timeoutMs` passed): for heavy parts below the page's own content, so they never hold up
 * its first paint nor compete with it for the network and the main thread.
 */
export function useWhenIdle(timeoutMs = 2000): boolean {
  const [isIdle, setIsIdle] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback === 'undefined') {
      const timer = setTimeout(() => setIsIdle(true), 100);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(() => setIsIdle(true), { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }, [timeoutMs]);
  return isIdle;
}
