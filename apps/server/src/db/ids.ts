import { randomBytes } from 'node:crypto';

/**
 * A UUIDv7: time-ordered, so new rows land at the end of primary-key indexes and ids sort
 * by creation time, which keyset pagination relies on.
 */
export function newId(now: number = Date.now()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = 0x70 | ((bytes[6] ?? 0) & 0x0f);
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A URL-safe secret with `bytes` bytes (≥ 16, so ≥ 128 bits) of randomness. */
export function newSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
