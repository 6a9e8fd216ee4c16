/** Local storage keys of the login session and preferences (SPEC §3). */
export const storageKeys = {
  language: 'kuvert.language',
  colorScheme: 'kuvert.colorScheme',
  csrfToken: 'kuvert.csrfToken',
  loginToken: 'kuvert.loginToken',
  loginExpiry: 'kuvert.loginExpiry',
  selectedAccount: 'kuvert.selectedAccount',
  paymentIds: 'kuvert.paymentIds',
  uploadsView: 'kuvert.uploadsView',
  dismissedFileSuggestions: 'kuvert.dismissedFileSuggestions',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

// Storage can throw (private mode, quota, disabled cookies); the app must keep working
// in memory for the current page instead of crashing.
export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Ignored on purpose, see above.
  }
}

export function removeStorage(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Ignored on purpose, see above.
  }
}
