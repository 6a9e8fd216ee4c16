import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/*
 * Sealed requests as /verify finds them, by what the seal signed (the letters and providers
 * they name are read from their owners).
 */

/**
 * The request a seal signed: by the SHA-256 of the bytes the seal covers, or, for a request
 * sealed before that was kept, by the SHA-256 of its signed revision (the whole sealed file).
 * A sealed PDF names exactly one request.
 */
export async function findSealedRequestRow(
  db: Kysely<Database>,
  digests: { signedBytesSha256: string | null; signedRevisionSha256: string },
) {
  return db
    .selectFrom('signature_requests')
    .select(['id', 'status', 'sealed_at', 'provider_id', 'letter_id'])
    .where((eb) =>
      eb.or([
        eb('sealed_signed_sha256', '=', digests.signedBytesSha256),
        eb.and([
          eb('sealed_signed_sha256', 'is', null),
          eb('sealed_sha256', '=', digests.signedRevisionSha256),
        ]),
      ]),
    )
    .where('seal_status', '=', 'sealed')
    .executeTakeFirst();
}

/** The signers' copies of the request, in the signers' order. */
export async function findSignerLetterIds(
  db: Kysely<Database>,
  requestId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('signature_signers')
    .select('letter_id')
    .where('request_id', '=', requestId)
    .orderBy('position')
    .execute();
  return rows.map((row) => row.letter_id);
}
