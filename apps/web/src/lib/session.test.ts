import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionResponse } from '@kuvert/shared/auth';
import {
  addPaymentId,
  computeLoginExpiry,
  endSession,
  getCsrfToken,
  getFirstName,
  getLoginExpiry,
  getLoginToken,
  getSelectedAccountId,
  isLoggedIn,
  listPaymentIds,
  removePaymentId,
  setSelectedAccountId,
  startSession,
  useSession,
} from './session.ts';
import { storageKeys } from './storage.ts';

const NOW = Date.parse('2026-03-01T10:00:00.000Z');

function sessionResponse(overrides: Partial<SessionResponse> = {}): SessionResponse {
  return {
    created_at: '2026-03-01T10:00:00.000Z',
    expires_in: 3600,
    csrf_token: 'csrf-1',
    login_token: 'login-1',
    first_name: 'Erika',
    language: 'de',
    accounts: [
      { id: 'acc-personal', name: 'Erika', kind: 'personal', role: 'owner', is_own: true },
      { id: 'acc-shared', name: 'Household', kind: 'shared', role: 'member', is_own: false },
    ],
    ...overrides,
  };
}

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
  endSession();
  localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('storage keys (SPEC §3)', () => {
  it('uses one kuvert.* key for each piece of session state', () => {
    expect(storageKeys).toEqual({
      language: 'kuvert.language',
      colorScheme: 'kuvert.colorScheme',
      csrfToken: 'kuvert.csrfToken',
      loginToken: 'kuvert.loginToken',
      loginExpiry: 'kuvert.loginExpiry',
      selectedAccount: 'kuvert.selectedAccount',
      paymentIds: 'kuvert.paymentIds',
      uploadsView: 'kuvert.uploadsView',
      dismissedFileSuggestions: 'kuvert.dismissedFileSuggestions',
    });
  });
});

describe('logged in ⇔ an expiry exists and lies in the future', () => {
  it('is logged out without an expiry', () => {
    expect(isLoggedIn()).toBe(false);
  });

  it('is logged in while the expiry lies in the future', () => {
    localStorage.setItem(storageKeys.loginExpiry, new Date(NOW + 1000).toISOString());
    expect(isLoggedIn()).toBe(true);
  });

  it('is logged out once the expiry has passed, even with the keys still there', () => {
    localStorage.setItem(storageKeys.loginExpiry, new Date(NOW - 1).toISOString());
    localStorage.setItem(storageKeys.csrfToken, 'csrf');
    expect(isLoggedIn()).toBe(false);
  });

  it('is logged out at the very moment of expiry', () => {
    localStorage.setItem(storageKeys.loginExpiry, new Date(NOW).toISOString());
    expect(isLoggedIn()).toBe(false);
  });

  it('treats an unreadable expiry as none', () => {
    localStorage.setItem(storageKeys.loginExpiry, 'tomorrow');
    expect(getLoginExpiry()).toBeNull();
    expect(isLoggedIn()).toBe(false);
  });
});

describe('login', () => {
  it('computes the expiry as created_at plus expires_in seconds', () => {
    expect(computeLoginExpiry('2026-03-01T10:00:00.000Z', 90)).toBe(
      Date.parse('2026-03-01T10:01:30.000Z'),
    );
  });

  it('stores the expiry, the CSRF token and the login token', () => {
    startSession(sessionResponse({ created_at: '2026-03-01T09:30:00.000Z', expires_in: 3600 }));
    expect(localStorage.getItem(storageKeys.loginExpiry)).toBe('2026-03-01T10:30:00.000Z');
    expect(localStorage.getItem(storageKeys.csrfToken)).toBe('csrf-1');
    expect(localStorage.getItem(storageKeys.loginToken)).toBe('login-1');
    expect(getCsrfToken()).toBe('csrf-1');
    expect(isLoggedIn()).toBe(true);
  });

  it('uses the server clock of created_at, not the browser clock', () => {
    startSession(sessionResponse({ created_at: '2026-03-01T08:00:00.000Z', expires_in: 3600 }));
    expect(isLoggedIn()).toBe(false);
  });
});

describe('logout', () => {
  it('clears the expiry and the CSRF token but keeps the login token key', () => {
    startSession(sessionResponse());
    endSession();
    expect(localStorage.getItem(storageKeys.loginExpiry)).toBeNull();
    expect(localStorage.getItem(storageKeys.csrfToken)).toBeNull();
    expect(localStorage.getItem(storageKeys.loginToken)).toBe('login-1');
    expect(getLoginToken()).toBe('login-1');
    expect(isLoggedIn()).toBe(false);
  });
});

describe('cached first name', () => {
  it('is returned while logged in', () => {
    startSession(sessionResponse());
    expect(getFirstName()).toBe('Erika');
  });

  it('is not returned after logout', () => {
    startSession(sessionResponse());
    endSession();
    expect(getFirstName()).toBeNull();
  });

  it('is not returned once the session has expired', () => {
    startSession(sessionResponse({ expires_in: 60 }));
    vi.setSystemTime(NOW + 61_000);
    expect(getFirstName()).toBeNull();
  });
});

describe('selected account', () => {
  it('falls back to the first account until one is chosen, then remembers the choice', () => {
    startSession(sessionResponse());
    expect(getSelectedAccountId()).toBe('acc-personal');
    setSelectedAccountId('acc-shared');
    expect(localStorage.getItem(storageKeys.selectedAccount)).toBe('acc-shared');
    expect(getSelectedAccountId()).toBe('acc-shared');
  });

  it('ignores a stored account the session does not have', () => {
    localStorage.setItem(storageKeys.selectedAccount, 'someone-else');
    startSession(sessionResponse());
    expect(getSelectedAccountId()).toBe('acc-personal');
  });
});

describe('payment ids', () => {
  it('adds, lists and removes ids as a JSON array', () => {
    addPaymentId('pay-1');
    addPaymentId('pay-2');
    addPaymentId('pay-1');
    expect(listPaymentIds()).toEqual(['pay-1', 'pay-2']);
    expect(localStorage.getItem(storageKeys.paymentIds)).toBe('["pay-1","pay-2"]');
    removePaymentId('pay-1');
    expect(listPaymentIds()).toEqual(['pay-2']);
  });

  it('reads a damaged value as an empty list', () => {
    localStorage.setItem(storageKeys.paymentIds, '{oops');
    expect(listPaymentIds()).toEqual([]);
  });
});

describe('useSession', () => {
  it('re-renders on login, on logout and when the expiry passes', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current.isLoggedIn).toBe(false);
    act(() => startSession(sessionResponse({ expires_in: 60 })));
    expect(result.current).toMatchObject({ isLoggedIn: true, firstName: 'Erika' });
    act(() => vi.advanceTimersByTime(61_000));
    expect(result.current).toMatchObject({ isLoggedIn: false, firstName: null });
    act(() => startSession(sessionResponse()));
    act(() => endSession());
    expect(result.current).toMatchObject({ isLoggedIn: false, endReason: 'logout' });
  });

  it('follows a logout in another tab (storage event)', () => {
    startSession(sessionResponse());
    const { result } = renderHook(() => useSession());
    expect(result.current.isLoggedIn).toBe(true);
    act(() => {
      localStorage.removeItem(storageKeys.loginExpiry);
      window.dispatchEvent(new StorageEvent('storage', { key: storageKeys.loginExpiry }));
    });
    expect(result.current.isLoggedIn).toBe(false);
  });
});
