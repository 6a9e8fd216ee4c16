import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * Calls `onVisible` whenever the returned element scrolls into view (plus a margin, so the
 * next page is there before the user reaches the end).
 */
export function useOnVisible<Element extends HTMLElement>(onVisible: () => void, enabled: boolean) {
  const ref = useRef<Element>(null);
  const latest = useRef(onVisible);
  useLayoutEffect(() => {
    latest.current = onVisible;
  });
  useEffect(() => {
    const element = ref.current;
    if (!enabled || element === null || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled]);
  return ref;
}
