/** Background jobs of signature requests. */
export const SIGNATURE_SEAL_JOB = 'signature.seal';
export const SIGNATURE_EXPIRY_JOB = 'signature.expiry';
/** Sealing runs in the processing pool; a passing fault gets a few more tries, then `failed`. */
export const SIGNATURE_SEAL_MAX_ATTEMPTS = 5;
