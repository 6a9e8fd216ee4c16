import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { collectUnreferencedDocuments } from '../../documents/document-collection.ts';
import {
  deleteTrashedLetters,
  findLetterIdsTrashedWithFolder,
  findStorageKeys,
  findTrashedLetterIds,
  restoreLettersOfFolder,
  trashLettersOfFolder,
} from './letter-writes.repository.ts';

/**
 * Deletes trashed letters for good, then the files no row points at any more. Files are
 * content-addressed and shared (one PDF sent to many), so a key is only removed once
 * nothing refers to it; the check runs after the delete has committed.
 */
export async function deleteTrashedLettersForever(
  app: FastifyInstance,
  letterIds: string[],
): Promise<number> {
  if (letterIds.length === 0) return 0;
  const { deleted, keys } = await app.db.transaction().execute(async (trx) => ({
    // Gathered first: the rows that name the keys go with the letters.
    keys: await findStorageKeys(trx, letterIds),
    deleted: await deleteTrashedLetters(trx, letterIds),
  }));
  await collectUnreferencedDocuments(app, keys);
  return deleted;
}

/** Ids of trashed letters, of one account or trashed before a moment; at most `limit`. */
export function findLettersInTrash(
  app: Pick<FastifyInstance, 'db'>,
  filter: { accountId?: string; trashedBefore?: string; limit: number },
): Promise<string[]> {
  return findTrashedLetterIds(app.db, filter);
}

/**
 * A folder's letters go to (and come back from) the trash with it, marked with the folder's
 * own moment; letters trashed on their own before keep theirs. `db` may be a transaction.
 */
export function trashLettersWithFolder(
  db: Kysely<Database>,
  folderId: string,
  at: string,
): Promise<number> {
  return trashLettersOfFolder(db, folderId, at);
}

export function restoreLettersWithFolder(
  db: Kysely<Database>,
  folderId: string,
  trashedAt: string,
): Promise<number> {
  return restoreLettersOfFolder(db, folderId, trashedAt);
}

export async function deleteLettersWithFolderForever(
  app: FastifyInstance,
  folderId: string,
  trashedAt: string,
): Promise<number> {
  return deleteTrashedLettersForever(
    app,
    await findLetterIdsTrashedWithFolder(app.db, folderId, trashedAt),
  );
}
