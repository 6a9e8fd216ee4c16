import { UPLOAD_IDLE_EXPIRY_MINUTES } from '@kuvert/shared/uploads';
import { addSeconds } from '../../clock.ts';

/**
 * An upload in progress that received no byte for this long is abandoned: its row (and so the
 * room it holds in the quota) and its bytes are removed. Short, because an announced upload
 * holds its whole size of the account's quota from the first request: a client that never
 * sends a byte must not keep the account full for long. A client that pauses longer starts
 * the file again.
 */
export const UPLOAD_EXPIRY_SECONDS = UPLOAD_IDLE_EXPIRY_MINUTES * 60;

/** When an upload in progress last touched at `lastActivity` is removed. */
export function uploadExpiryOf(lastActivity: string): Date {
  return addSeconds(new Date(lastActivity), UPLOAD_EXPIRY_SECONDS);
}
