import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  findCopyRows,
  findOriginalDocumentRows,
  findRequestIdOfProviderLetterRow,
  findSealedDocumentRow,
  findSubjectRows,
  findUntrashedLetterRowsOfUser,
} from './signature-copies.repository.ts';

/*
 * Letters as the signatures area sees them: a request's copies (one per signer, and the
 * recipient's) and their documents. `db` may be the caller's transaction.
 */

export interface SignatureCopy {
  id: string;
  account_id: string;
  subject: string;
  external_id: string | null;
  provider_id: string | null;
}

/** Every copy of the request's letter that still exists, by id. */
export async function findSignatureCopies(
  db: Kysely<Database>,
  requestId: string,
): Promise<SignatureCopy[]> {
  return findCopyRows(db, requestId);
}

/** The original documents of one copy, in order (every copy has the same ones). */
export async function findOriginalDocuments(
  db: Kysely<Database>,
  letterId: string,
): Promise<Array<{ filename: string; storage_key: string; content_type: string }>> {
  return findOriginalDocumentRows(db, letterId);
}

/** The sealed copy among a letter's documents, if any. */
export async function findSealedDocumentId(
  db: Kysely<Database>,
  letterId: string,
): Promise<string | undefined> {
  return (await findSealedDocumentRow(db, letterId))?.id;
}

/**
 * The signature request of one of the provider's own letters: undefined for another
 * provider's letter or a missing one, null for a letter without a request.
 */
export async function findSignatureRequestIdOfProviderLetter(
  db: Kysely<Database>,
  providerId: string,
  letterId: string,
): Promise<string | null | undefined> {
  const row = await findRequestIdOfProviderLetterRow(db, providerId, letterId);
  return row?.signature_request_id;
}

/**
 * Of these letters, those the caller sees outside the trash (through an account they belong
 * to), by id, read at once.
 */
export async function findUntrashedLettersOfUser(
  db: Kysely<Database>,
  userId: string,
  letterIds: readonly string[],
): Promise<Map<string, { account_id: string; subject: string }>> {
  const rows = await findUntrashedLetterRowsOfUser(db, userId, [...new Set(letterIds)]);
  return new Map(rows.map(({ id, ...letter }) => [id, letter]));
}

/** The subjects of the letters among `letterIds` that still exist, by id, read at once. */
export async function findLetterSubjects(
  db: Kysely<Database>,
  letterIds: readonly string[],
): Promise<Map<string, string>> {
  const rows = await findSubjectRows(db, [...new Set(letterIds)]);
  return new Map(rows.map((row) => [row.id, row.subject]));
}
