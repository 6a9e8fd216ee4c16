import type { Kysely } from 'kysely';
import type {
  SignatureRequestStatus,
  SignerStatus,
  SignerVerifiedIdentity,
} from '@kuvert/shared/signatures';
import type { Database } from '../../db/schema.ts';
import { findLetterSubjects } from '../letters/signature-copies.service.ts';
import { findProviderRefs } from '../providers/provider-refs.service.ts';
import { findSealedRequestRow, findSignerLetterIds } from './sealed-requests.repository.ts';
import { findSigners } from './signers.ts';
import { verifiedIdentityOf } from './signatures.presenter.ts';

/** Sealed requests as /verify (the verification area) shows them. */

export interface SealedRequestRow {
  id: string;
  status: SignatureRequestStatus;
  sealed_at: string | null;
  provider_name: string;
  /** The subject of the provider's copy of the letter; null once that copy is gone. */
  subject: string | null;
}

export interface SealedRequestSignerRow {
  email: string;
  status: SignerStatus;
  signer_name: string | null;
  first_name: string;
  last_name: string;
  signed_at: string | null;
  declined_at: string | null;
  declined_reason: string | null;
  /** What the identity provider confirmed, when they signed with a verified identity. */
  verified_identity: SignerVerifiedIdentity | null;
}

/**
 * The request a seal signed: by the SHA-256 of the bytes the seal covers, or, for a request
 * sealed before that was kept, by the SHA-256 of its signed revision (the whole sealed file).
 */
export async function findRequestBySealedSha256(
  db: Kysely<Database>,
  digests: { signedBytesSha256: string | null; signedRevisionSha256: string },
): Promise<SealedRequestRow | undefined> {
  const request = await findSealedRequestRow(db, digests);
  if (!request) return undefined;
  const [providers, subjects] = await Promise.all([
    findProviderRefs(db, [request.provider_id]),
    findLetterSubjects(db, [request.letter_id]),
  ]);
  const provider = providers.get(request.provider_id);
  if (!provider) return undefined;
  return {
    id: request.id,
    status: request.status,
    sealed_at: request.sealed_at,
    provider_name: provider.name,
    subject: subjects.get(request.letter_id) ?? null,
  };
}

/** Any surviving copy's subject, for a request whose provider copy was deleted for good. */
export async function findAnySignerLetterSubject(
  db: Kysely<Database>,
  requestId: string,
): Promise<string | undefined> {
  const letterIds = await findSignerLetterIds(db, requestId);
  const subjects = await findLetterSubjects(db, letterIds);
  for (const letterId of letterIds) {
    const subject = subjects.get(letterId);
    if (subject !== undefined) return subject;
  }
  return undefined;
}

/** The signers as the provider listed them. */
export async function listRequestSigners(
  db: Kysely<Database>,
  requestId: string,
): Promise<SealedRequestSignerRow[]> {
  const signers = await findSigners(db, [requestId]);
  return signers.map((signer) => ({
    email: signer.email,
    status: signer.status,
    signer_name: signer.signer_name,
    first_name: signer.first_name,
    last_name: signer.last_name,
    signed_at: signer.signed_at,
    declined_at: signer.declined_at,
    declined_reason: signer.declined_reason,
    verified_identity: verifiedIdentityOf(signer),
  }));
}
