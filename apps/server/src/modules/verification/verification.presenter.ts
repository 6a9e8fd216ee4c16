import type {
  SignatureChange,
  VerifiedSignature,
  VerifiedSignatureState,
  VerifyOutcome,
} from '@kuvert/shared/signatures';
import type { InspectedSignature } from '../../plugins/processing/document-processing.ts';
import type {
  SealedRequestRow,
  SealedRequestSignerRow,
} from '../signatures/sealed-requests.service.ts';

export interface SealedRequest {
  request: SealedRequestRow;
  subject: string;
  signers: SealedRequestSignerRow[];
}

/** What changed since signing, of a signature that verifies; null when nothing did. */
function changeOf(signature: InspectedSignature): SignatureChange | null {
  if (!signature.isDigestValid) return 'signed_bytes';
  if (!signature.coversWholeFile) return 'appended';
  if (!signature.isPaddingIntact) return 'signature_padding';
  return null;
}

/**
 * `invalid` when the signature cannot be read or does not verify with its certificate;
 * `changed` when the signed bytes differ from what was signed, more was appended after
 * signing, or its unsigned padding was written to; `valid` otherwise.
 */
export function stateOf(signature: InspectedSignature): VerifiedSignatureState {
  if (signature.problem !== null || !signature.isSignatureValid) return 'invalid';
  return changeOf(signature) === null ? 'valid' : 'changed';
}

const severity: Record<VerifiedSignatureState, number> = { valid: 0, changed: 1, invalid: 2 };

/** `unsigned` without any signature; otherwise the worst state among them. */
export function outcomeOf(signatures: VerifiedSignature[]): VerifyOutcome {
  if (signatures.length === 0) return 'unsigned';
  return signatures.reduce<VerifiedSignatureState>(
    (worst, signature) => (severity[signature.state] > severity[worst] ? signature.state : worst),
    'valid',
  );
}

/** A time as the API writes it (UTC, `Z`); null when there is none or it is not a time. */
function toIsoInstant(value: string | null): string | null {
  if (value === null) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

function presentRequest(sealed: SealedRequest): NonNullable<VerifiedSignature['request']> {
  return {
    subject: sealed.subject,
    provider_name: sealed.request.provider_name,
    status: sealed.request.status,
    sealed_at: sealed.request.sealed_at,
    signers: sealed.signers.map((signer) => ({
      name:
        signer.signer_name ?? (`${signer.first_name} ${signer.last_name}`.trim() || signer.email),
      email: signer.email,
      status: signer.status,
      signed_at: signer.signed_at ?? signer.declined_at,
      declined_reason: signer.declined_reason,
      // The public page names the identity provider and level, as the audit page does.
      verified_identity: signer.verified_identity
        ? { issuer: signer.verified_identity.issuer, acr: signer.verified_identity.acr }
        : null,
    })),
  };
}

export function presentSignature(
  signature: InspectedSignature,
  isKuvertSeal: boolean,
  sealed: SealedRequest | undefined,
): VerifiedSignature {
  const state = stateOf(signature);
  return {
    state,
    change: state === 'changed' ? changeOf(signature) : null,
    signed_by: signature.commonName,
    organisation: signature.organisation,
    signed_at: toIsoInstant(signature.signedAt),
    is_kuvert_seal: isKuvertSeal,
    request: sealed ? presentRequest(sealed) : null,
  };
}
