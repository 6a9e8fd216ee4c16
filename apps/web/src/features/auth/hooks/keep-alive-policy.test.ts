// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { SESSION_WARNING_SECONDS } from '@kuvert/shared/limits';
import { ACTIVITY_WINDOW_MS, decideKeepAlive } from './keep-alive-policy.ts';

const HOUR = 3_600_000;
const now = 10 * HOUR;
const base = { now, lifetimeMs: HOUR, isWarningShown: false };

describe('decideKeepAlive', () => {
  it('does nothing without a session', () => {
    expect(decideKeepAlive({ ...base, expiresAt: null, lastActivityAt: now })).toBe('none');
  });

  it('ends the session once the expiry has passed', () => {
    expect(decideKeepAlive({ ...base, expiresAt: now, lastActivityAt: now })).toBe('expire');
  });

  it('refreshes an active user once less than half of the lifetime is left', () => {
    expect(decideKeepAlive({ ...base, expiresAt: now + HOUR / 2 + 1, lastActivityAt: now })).toBe(
      'none',
    );
    expect(decideKeepAlive({ ...base, expiresAt: now + HOUR / 2 - 1, lastActivityAt: now })).toBe(
      'refresh',
    );
  });

  it('does not refresh an idle user but warns them before the end', () => {
    const idleSince = now - ACTIVITY_WINDOW_MS - 1;
    const warningAt = now + SESSION_WARNING_SECONDS * 1000;
    expect(decideKeepAlive({ ...base, expiresAt: warningAt + 1, lastActivityAt: idleSince })).toBe(
      'none',
    );
    expect(decideKeepAlive({ ...base, expiresAt: warningAt, lastActivityAt: idleSince })).toBe(
      'warn',
    );
    expect(
      decideKeepAlive({
        ...base,
        expiresAt: warningAt,
        lastActivityAt: idleSince,
        isWarningShown: true,
      }),
    ).toBe('none');
  });

  it('waits for the lifetime before refreshing', () => {
    expect(
      decideKeepAlive({ ...base, lifetimeMs: null, expiresAt: now + 1000, lastActivityAt: now }),
    ).toBe('none');
  });
});
