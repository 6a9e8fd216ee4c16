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

/** The request whose sealed file has this SHA-256 (a sealed PDF names exactly one request). */
export async function findRequestBySealedSha256(
  db: Kysely<Database>,
  sha256: string,
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
    .where('signature_requests.sealed_sha256', '=', sha256)
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
