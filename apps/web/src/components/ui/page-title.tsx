import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

interface PageTitleProps {
  children: string;
  /** Shown beside the heading (not inside it), e.g. a badge. */
  aside?: ReactNode;
}

/** The page's one h1, and the browser tab's title so history and tabs read well. */
export function PageTitle({ children, aside }: PageTitleProps) {
  useEffect(() => {
    document.title = `${children} · Kuvert`;
  }, [children]);
  return (
    <Group gap="sm" align="center" wrap="wrap">
      {/* Focusable by script, not by Tab: see HeadingFocus. */}
      <Title order={1} fz={{ base: 26, sm: 30 }} lh={1.25} tabIndex={-1}>
        {children}
      </Title>
      {aside}
    </Group>
  );
}

/** Long enough for a slow page's data, short enough not to jump in on a later change. */
const HEADING_WAIT_MS = 10_000;

/**
 * After a navigation to another page the page's h1 takes focus, so a screen reader says
 * where the user is and Tab starts from the page's top. Not on the first load (the browser
 * starts at the top anyway) and not when only the query string changes (a search, a filter).
 */
export function HeadingFocus() {
  const { pathname } = useLocation();
  const landingPathname = useRef(pathname);
  const hasNavigated = useRef(false);
  useEffect(() => {
    if (!hasNavigated.current && pathname === landingPathname.current) return;
    hasNavigated.current = true;
    return focusHeadingWhenShown();
  }, [pathname]);
  return null;
}

/** Focuses the main h1 now, or when a page still loading shows it; returns the clean-up. */
export function focusHeadingWhenShown(): () => void {
  const focusedBefore = document.activeElement;
  const focusHeading = (): boolean => {
    const heading = document.querySelector<HTMLElement>('main h1');
    if (heading === null) return false;
    // The user went on meanwhile (typed in a field, say): their focus wins.
    const focused = document.activeElement;
    if (focused !== focusedBefore && focused !== document.body && focused !== null) return true;
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    // The page starts at its top (ScrollReset), wherever the heading sits.
    heading.focus({ preventScroll: true });
    return true;
  };
  if (focusHeading()) return () => {};
  const observer = new MutationObserver(() => {
    if (focusHeading()) stop();
  });
  const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
  };
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}
