import { useSyncExternalStore } from 'react';
import type { Account } from '@kuvert/shared/accounts';
import type { SessionResponse } from '@kuvert/shared/auth';
import { readStorage, removeStorage, storageKeys, writeStorage } from './storage.ts';

/**
 * The login session as the browser knows it (SPEC §3/§4). The session secret lives in an
 * HttpOnly cookie; here are only the expiry, the CSRF token, the login token (the session's
 * public id) and what we cache for display.
 */
export interface SessionSnapshot {
  isLoggedIn: boolean;
  expiresAt: number | null;
  firstName: string | null;
  accounts: readonly Account[];
  selectedAccountId: string | null;
  loginToken: string | null;
  /** Why the last session of this page ended; null while none ended. */
  endReason: SessionEndReason | null;
}

/** `logout` is the user's choice; the others send them back to where they were after login. */
export type SessionEndReason = 'logout' | 'expired' | 'unauthenticated';

interface MemoryCache {
  /** The session the cache belongs to. */
  loginToken: string | null;
  firstName: string | null;
  accounts: readonly Account[];
  lifetimeMs: number | null;
}

const emptyCache: MemoryCache = {
  loginToken: null,
  firstName: null,
  accounts: [],
  lifetimeMs: null,
};
let cache: MemoryCache = emptyCache;
let endReason: SessionEndReason | null = null;
let snapshot: SessionSnapshot | null = null;
let expiryTimer: ReturnType<typeof setTimeout> | undefined;
let isListeningToOtherTabs = false;
const listeners = new Set<() => void>();
// setTimeout overflows above 2^31-1 ms and would then fire at once.
const MAX_TIMER_MS = 2_147_483_647;

export function computeLoginExpiry(createdAt: string, expiresInSeconds: number): number {
  return Date.parse(createdAt) + expiresInSeconds * 1000;
}

export function getLoginExpiry(): number | null {
  const raw = readStorage(storageKeys.loginExpiry);
  if (raw === null) return null;
  const value = Date.parse(raw);
  return Number.isNaN(value) ? null : value;
}

/** Logged in ⇔ an expiry exists and lies in the future. */
export function isLoggedIn(now: number = Date.now()): boolean {
  const expiresAt = getLoginExpiry();
  return expiresAt !== null && expiresAt > now;
}

/** Login (and refresh): expiry = created_at + expires_in; expiry, CSRF and login token stored. */
export function startSession(response: SessionResponse): void {
  const expiresAt = computeLoginExpiry(response.created_at, response.expires_in);
  writeStorage(storageKeys.loginExpiry, new Date(expiresAt).toISOString());
  writeStorage(storageKeys.csrfToken, response.csrf_token);
  writeStorage(storageKeys.loginToken, response.login_token);
  cache = {
    loginToken: response.login_token,
    firstName: response.first_name,
    accounts: response.accounts,
    lifetimeMs: response.expires_in * 1000,
  };
  // The mailbox shown is remembered even when the user never chose one: after a reload the
  // portal then asks for its letters at once, next to the session check, not after it.
  const stored = readStorage(storageKeys.selectedAccount);
  const first = response.accounts[0];
  if (first && !response.accounts.some((account) => account.id === stored)) {
    writeStorage(storageKeys.selectedAccount, first.id);
  }
  endReason = null;
  notifyListeners();
}

/** Logout: expiry and CSRF token cleared; the login token key stays (SPEC §4). */
export function endSession(reason: SessionEndReason = 'logout'): void {
  removeStorage(storageKeys.loginExpiry);
  removeStorage(storageKeys.csrfToken);
  cache = emptyCache;
  endReason = reason;
  notifyListeners();
}

export function getCsrfToken(): string | null {
  return readStorage(storageKeys.csrfToken);
}

export function getLoginToken(): string | null {
  return readStorage(storageKeys.loginToken);
}

/** The cached first name, returned only while logged in. */
export function getFirstName(): string | null {
  return isLoggedIn() ? cache.firstName : null;
}

export function setFirstName(firstName: string): void {
  cache = { ...cache, firstName };
  notifyListeners();
}

export function getAccounts(): readonly Account[] {
  return isLoggedIn() ? cache.accounts : [];
}

/** Lifetime of the current session in ms, known after login, refresh or a session check. */
export function getSessionLifetimeMs(): number | null {
  return isLoggedIn() ? cache.lifetimeMs : null;
}

/** The stored account if it is one of the session's, else the first (personal) one. */
export function getSelectedAccountId(): string | null {
  const stored = readStorage(storageKeys.selectedAccount);
  const accounts = getAccounts();
  if (accounts.length === 0) return stored;
  if (accounts.some((account) => account.id === stored)) return stored;
  return accounts[0]?.id ?? null;
}

export function setSelectedAccountId(accountId: string): void {
  writeStorage(storageKeys.selectedAccount, accountId);
  notifyListeners();
}

export function listPaymentIds(): string[] {
  const raw = readStorage(storageKeys.paymentIds);
  if (raw === null) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((value): value is string => typeof value === 'string');
  } catch {
    return [];
  }
}

export function addPaymentId(paymentId: string): void {
  const ids = listPaymentIds();
  if (ids.includes(paymentId)) return;
  writeStorage(storageKeys.paymentIds, JSON.stringify([...ids, paymentId]));
}

export function removePaymentId(paymentId: string): void {
  const ids = listPaymentIds().filter((id) => id !== paymentId);
  writeStorage(storageKeys.paymentIds, JSON.stringify(ids));
}

export function subscribeToSession(listener: () => void): () => void {
  listenToOtherTabs();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSessionSnapshot(): SessionSnapshot {
  if (snapshot !== null) return snapshot;
  const expiresAt = getLoginExpiry();
  const loggedIn = isLoggedIn();
  snapshot = {
    isLoggedIn: loggedIn,
    expiresAt,
    firstName: getFirstName(),
    accounts: getAccounts(),
    selectedAccountId: getSelectedAccountId(),
    loginToken: getLoginToken(),
    endReason,
  };
  scheduleExpiryTick(loggedIn ? expiresAt : null);
  return snapshot;
}

/** The session for components; re-renders on login, logout, expiry and other tabs' changes. */
export function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribeToSession, getSessionSnapshot, getSessionSnapshot);
}

function notifyListeners(): void {
  snapshot = null;
  for (const listener of listeners) listener();
}

// Passing the expiry is not an event of its own: wake the listeners up when it happens.
function scheduleExpiryTick(expiresAt: number | null): void {
  clearTimeout(expiryTimer);
  if (expiresAt === null) return;
  const delay = Math.min(Math.max(expiresAt - Date.now() + 1, 0), MAX_TIMER_MS);
  expiryTimer = setTimeout(notifyListeners, delay);
}

function listenToOtherTabs(): void {
  if (isListeningToOtherTabs || typeof window === 'undefined') return;
  isListeningToOtherTabs = true;
  window.addEventListener('storage', (event) => {
    if (event.key !== null && !event.key.startsWith('kuvert.')) return;
    // Another tab logged in as a new session: what we cached belongs to the old one.
    if (getLoginToken() !== cache.loginToken) cache = emptyCache;
    notifyListeners();
  });
}
