import type { Kysely } from 'kysely';
import type { SignatureRequestStatus, SignerStatus } from '@kuvert/shared/signatures';
import type { Database } from '../../db/schema.ts';

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
}

/**
 * The request a seal signed: by the SHA-256 of the bytes the seal covers, or, for a request
 * sealed before that was kept, by the SHA-256 of its signed revision (the whole sealed file).
 * A sealed PDF names exactly one request.
 */
export async function findRequestBySealedSha256(
  db: Kysely<Database>,
  digests: { signedBytesSha256: string | null; signedRevisionSha256: string },
): Promise<SealedRequestRow | undefined> {
  return db
    .selectFrom('signature_requests')
    .innerJoin('providers', 'providers.id', 'signature_requests.provider_id')
    .leftJoin('letters', 'letters.id', 'signature_requests.letter_id')
    .select([
      'signature_requests.id',
      'signature_requests.status',
      'signature_requests.sealed_at',
      'providers.name as provider_name',
      'letters.subject',
    ])
    .where((eb) =>
      eb.or([
        eb('signature_requests.sealed_signed_sha256', '=', digests.signedBytesSha256),
        eb.and([
          eb('signature_requests.sealed_signed_sha256', 'is', null),
          eb('signature_requests.sealed_sha256', '=', digests.signedRevisionSha256),
        ]),
      ]),
    )
    .where('signature_requests.seal_status', '=', 'sealed')
    .executeTakeFirst();
}

/** Any surviving copy's subject, for a request whose provider copy was deleted for good. */
export async function findAnySignerLetterSubject(
  db: Kysely<Database>,
  requestId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('signature_signers')
    .innerJoin('letters', 'letters.id', 'signature_signers.letter_id')
    .select('letters.subject')
    .where('signature_signers.request_id', '=', requestId)
    .orderBy('signature_signers.position')
    .limit(1)
    .executeTakeFirst();
  return row?.subject;
}

/** The signers as the provider listed them. */
export async function listRequestSigners(
  db: Kysely<Database>,
  requestId: string,
): Promise<SealedRequestSignerRow[]> {
  return db
    .selectFrom('signature_signers')
    .innerJoin('users', 'users.id', 'signature_signers.user_id')
    .select([
      'signature_signers.email',
      'signature_signers.status',
      'signature_signers.signer_name',
      'users.first_name',
      'users.last_name',
      'signature_signers.signed_at',
      'signature_signers.declined_at',
      'signature_signers.declined_reason',
    ])
    .where('signature_signers.request_id', '=', requestId)
    .orderBy('signature_signers.position')
    .execute();
}
