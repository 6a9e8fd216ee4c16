import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

interface LeaveGuardOptions {
  /**
   * A navigation that stays on the same path (another query, the same link again: a fresh
   * page) asks too; else only going to another path does.
   */
  guardsSamePath?: boolean;
}

/**
 * Leaving a page with changes not yet saved asks first: in the portal (the router's blocker,
 * shown by the caller as a dialog) and in the browser (reload, close). `release` lets a save
 * that succeeded leave without asking.
 */
export function useLeaveGuard(hasUnsavedChanges: boolean, options: LeaveGuardOptions = {}) {
  const { guardsSamePath = false } = options;
  const isReleased = useRef(false);
  const shouldBlock = hasUnsavedChanges;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      shouldBlock &&
      !isReleased.current &&
      (guardsSamePath || currentLocation.pathname !== nextLocation.pathname),
  );
  useEffect(() => {
    if (!shouldBlock) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (!isReleased.current) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [shouldBlock]);
  const release = useCallback(() => {
    isReleased.current = true;
  }, []);
  return { blocker, release };
}
