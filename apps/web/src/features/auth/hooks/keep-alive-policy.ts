import { SESSION_WARNING_SECONDS } from '@kuvert/shared/limits';

/** Pointer or keyboard use within this window counts as "the user is here". */
export const ACTIVITY_WINDOW_MS = 5 * 60_000;
export const KEEP_ALIVE_TICK_MS = 10_000;

export type KeepAliveAction = 'none' | 'refresh' | 'warn' | 'expire';

export interface KeepAliveState {
  now: number;
  expiresAt: number | null;
  /** Full lifetime of the session (expires_in), unknown until the server told us. */
  lifetimeMs: number | null;
  lastActivityAt: number;
  isWarningShown: boolean;
}

/**
 * Active users are refreshed silently once less than half the lifetime is left; idle users
 * are warned SESSION_WARNING_SECONDS before the end; at the end the session is over.
 */
export function decideKeepAlive(state: KeepAliveState): KeepAliveAction {
  if (state.expiresAt === null) return 'none';
  const remainingMs = state.expiresAt - state.now;
  if (remainingMs <= 0) return 'expire';
  const isActive = state.now - state.lastActivityAt <= ACTIVITY_WINDOW_MS;
  if (isActive && state.lifetimeMs !== null && remainingMs < state.lifetimeMs / 2) return 'refresh';
  if (!isActive && !state.isWarningShown && remainingMs <= SESSION_WARNING_SECONDS * 1000) {
    return 'warn';
  }
  return 'none';
}
