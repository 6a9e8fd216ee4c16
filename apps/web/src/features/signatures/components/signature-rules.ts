import type { LetterSignature } from '@kuvert/shared/signatures';

/**
 * The one line that says where a request stands for the person looking at it. Waiting is
 * split by whether it waits for them, for the others after they signed, or for others only.
 */
export type SignatureStanding =
  | 'waitingForYou'
  | 'waitingForOthersAfterYou'
  | 'waitingForOthers'
  | 'completed'
  | 'declined'
  | 'expired'
  | 'cancelled';

export function signatureStanding(signature: LetterSignature): SignatureStanding {
  if (signature.status !== 'pending') return signature.status;
  // Past its last day nobody may sign, even before the hourly expiry job has marked it.
  if (isExpiredNow(signature)) return 'expired';
  if (signature.my_status === 'pending') return 'waitingForYou';
  if (signature.my_status === 'signed') return 'waitingForOthersAfterYou';
  return 'waitingForOthers';
}

/** The signer who declined and why, once a request was declined. */
export function declinedBy(signature: LetterSignature) {
  return signature.signers.find((signer) => signer.status === 'declined') ?? null;
}

export function countSigned(signature: LetterSignature): number {
  return signature.signers.filter((signer) => signer.status === 'signed').length;
}

/** Expired, or pending past its due date (the server refuses signing it already). */
export function isExpiredNow(signature: LetterSignature): boolean {
  return signature.status === 'expired' || (signature.status === 'pending' && signature.is_overdue);
}
