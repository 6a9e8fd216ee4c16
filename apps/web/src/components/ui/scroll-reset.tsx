import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/** Every navigation starts at the top of the page (SPEC §2), back/forward included. */
export function ScrollReset() {
  const { key } = useLocation();
  // A new key per navigation remounts the child, which scrolls up once on mount.
  return <ScrollToTopOnMount key={key} />;
}

function ScrollToTopOnMount() {
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  return null;
}
