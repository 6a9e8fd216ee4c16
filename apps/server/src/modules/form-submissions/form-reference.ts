import { randomInt } from 'node:crypto';

/**
 * Crockford's Base32 without I, L, O and U: nothing to misread when a person types the
 * reference from a printout or reads it out on the phone.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function randomGroup(length: number): string {
  return Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

/** A submission's reference, e.g. F-2026-7KQ4-M2XD: the year it was sent, and 40 random bits. */
export function newSubmissionReference(now: Date, timeZone: string): string {
  const year = new Intl.DateTimeFormat('en', { timeZone, year: 'numeric' }).format(now);
  return `F-${year}-${randomGroup(4)}-${randomGroup(4)}`;
}
