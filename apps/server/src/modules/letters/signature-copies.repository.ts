import type { Kysely } from 'kysely';
import { callerIsMember } from '../accounts/account-scopes.ts';
import type { Database } from '../../db/schema.ts';

/*
 * The letters of signature requests, as the signatures area reads them: one copy per signer,
 * and the recipient's.
 */

/** Every copy of the request's letter that still exists. */
export async function findCopyRows(db: Kysely<Database>, requestId: string) {
  return db
    .selectFrom('letters')
    .select(['id', 'account_id', 'subject', 'external_id', 'provider_id'])
    .where('signature_request_id', '=', requestId)
    .orderBy('id')
    .execute();
}

/** The original documents of one copy, in order. */
export async function findOriginalDocumentRows(db: Kysely<Database>, letterId: string) {
  return db
    .selectFrom('letter_documents')
    .select(['filename', 'storage_key', 'content_type'])
    .where('letter_id', '=', letterId)
    .where('role', '=', 'original')
    .orderBy('position')
    .execute();
}

/** The sealed copy among a letter's documents, if any. */
export async function findSealedDocumentRow(db: Kysely<Database>, letterId: string) {
  return db
    .selectFrom('letter_documents')
    .select('id')
    .where('letter_id', '=', letterId)
    .where('role', '=', 'sealed')
    .executeTakeFirst();
}

/** The request a provider's own letter belongs to. */
export async function findRequestIdOfProviderLetterRow(
  db: Kysely<Database>,
  providerId: string,
  letterId: string,
) {
  return db
    .selectFrom('letters as l')
    .select('l.signature_request_id')
    .where('l.id', '=', letterId)
    .where('l.provider_id', '=', providerId)
    .executeTakeFirst();
}

/** Of these letters, the ones not in the trash of an account the caller belongs to. */
export async function findUntrashedLetterRowsOfUser(
  db: Kysely<Database>,
  userId: string,
  letterIds: readonly string[],
) {
  if (letterIds.length === 0) return [];
  return db
    .selectFrom('letters as l')
    .select(['l.id', 'l.account_id', 'l.subject'])
    .where('l.id', 'in', [...letterIds])
    .where('l.trashed_at', 'is', null)
    .where(callerIsMember(userId, 'l.account_id'))
    .execute();
}

/** The subjects of these letters (the ones that exist). */
export async function findSubjectRows(db: Kysely<Database>, letterIds: readonly string[]) {
  if (letterIds.length === 0) return [];
  return db
    .selectFrom('letters')
    .select(['id', 'subject'])
    .where('id', 'in', [...letterIds])
    .execute();
}
