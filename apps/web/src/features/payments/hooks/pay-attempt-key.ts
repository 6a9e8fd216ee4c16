/**
 * One idempotency key per pay attempt, kept in this tab's session storage per invoice: a
 * double click, a reload or a second run of an effect sends the same key and so gets the same
 * payment back instead of a second one. The key is dropped when its payment has ended (then
 * "Pay again" is a new attempt) or when the server refused the attempt.
 */
const KEY_PREFIX = 'kuvert.payAttempt.';

type KeyStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function sessionStore(): KeyStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

// Without session storage (disabled, private mode) the keys live as long as the page.
const memory = new Map<string, string>();
const memoryStore: KeyStorage = {
  getItem: (key) => memory.get(key) ?? null,
  setItem: (key, value) => void memory.set(key, value),
  removeItem: (key) => void memory.delete(key),
};

function read(storage: KeyStorage, name: string): string | null {
  try {
    return storage.getItem(name);
  } catch {
    return memoryStore.getItem(name);
  }
}

function write(storage: KeyStorage, name: string, value: string): void {
  try {
    storage.setItem(name, value);
  } catch {
    memoryStore.setItem(name, value);
  }
}

/** 32 random hex digits: within the contract's 8–100 characters of [A-Za-z0-9_.:-]. */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/** The key of the current attempt to pay `letterId`, made on first use. */
export function getPayAttemptKey(
  letterId: string,
  storage: KeyStorage = sessionStore() ?? memoryStore,
): string {
  const name = KEY_PREFIX + letterId;
  const existing = read(storage, name);
  if (existing !== null && /^[A-Za-z0-9_.:-]{8,100}$/u.test(existing)) return existing;
  const key = newIdempotencyKey();
  write(storage, name, key);
  return key;
}

/** The attempt is over: the next "Pay" starts a new one with a new key. */
export function clearPayAttemptKey(
  letterId: string,
  storage: KeyStorage = sessionStore() ?? memoryStore,
): void {
  const name = KEY_PREFIX + letterId;
  try {
    storage.removeItem(name);
  } catch {
    // Storage refused; the in-memory copy below is all there is.
  }
  memoryStore.removeItem(name);
}
