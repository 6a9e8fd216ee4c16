import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  findDocumentRowsOfLetters,
  findProviderLetterRow,
  findSentLetterDocumentRow,
  findSentLetterKeyRows,
  findSentLetterRows,
} from './provider-messages.repository.ts';

/*
 * Letters as a provider reads them through the Sender API (an adapter, which calls these):
 * its own letters' status, and the letters users sent to it. `db` may be the caller's
 * transaction.
 */

/** One of the provider's own inbound letters; another provider's id is simply not found. */
export async function findProviderLetter(
  db: Kysely<Database>,
  providerId: string,
  letterId: string,
) {
  return findProviderLetterRow(db, providerId, letterId);
}

/** The documents of these letters, by letter, in order. */
export async function findDocumentsOfLetters(db: Kysely<Database>, letterIds: string[]) {
  return findDocumentRowsOfLetters(db, letterIds);
}

/**
 * The newest `size` letters users sent to the provider before `cursor`, newest first by
 * (created_at, id) of their recipient rows, which key them.
 */
export async function findSentLetterKeys(
  db: Kysely<Database>,
  providerId: string,
  cursor: { createdAt: string; id: string } | undefined,
  size: number,
): Promise<Array<{ id: string; sort_at: string; sort_id: string }>> {
  return findSentLetterKeyRows(db, providerId, cursor, size);
}

/** The letters users sent to the provider, by their recipient rows' ids. */
export async function findSentLetters(
  db: Kysely<Database>,
  providerId: string,
  recipientIds: readonly string[],
) {
  return findSentLetterRows(db, providerId, recipientIds);
}

/** A document of a letter users sent to this provider. */
export async function findSentLetterDocument(
  db: Kysely<Database>,
  providerId: string,
  letterId: string,
  documentId: string,
) {
  return findSentLetterDocumentRow(db, providerId, letterId, documentId);
}
