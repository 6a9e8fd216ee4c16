import { useSyncExternalStore } from 'react';

/**
 * Whether Kuvert can reach its server, as far as the page can tell: the browser's own flag
 * and its `online`/`offline` events, and what the last request found. A request that got no
 * answer at all marks the connection lost until the next answer or the browser's `online`.
 */
let hasRequestFailed = false;
let isWatching = false;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function watchBrowser(): void {
  if (isWatching) return;
  isWatching = true;
  window.addEventListener('online', () => {
    hasRequestFailed = false;
    emit();
  });
  window.addEventListener('offline', emit);
}

function setRequestFailed(value: boolean): void {
  watchBrowser();
  if (hasRequestFailed === value) return;
  hasRequestFailed = value;
  emit();
}

export function isConnectionLost(): boolean {
  return !navigator.onLine || hasRequestFailed;
}

/** A request got no answer (offline, DNS, server down). */
export function reportConnectionLost(): void {
  setRequestFailed(true);
}

/** A request got an answer, whatever its status: the server is reachable. */
export function reportServerReached(): void {
  setRequestFailed(false);
}

function subscribe(listener: () => void): () => void {
  watchBrowser();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useIsConnectionLost(): boolean {
  return useSyncExternalStore(subscribe, isConnectionLost);
}
