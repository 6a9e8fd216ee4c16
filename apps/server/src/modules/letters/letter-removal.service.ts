import type { FastifyInstance } from 'fastify';
import { addSeconds } from '../../clock.ts';
import { DOCUMENT_COLLECT_JOB } from './letter-job-types.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  deleteTrashedLetters,
  findLetterIdsTrashedWithFolder,
  findStorageKeys,
  findTrashedLetterIds,
  findUnreferencedKeys,
  restoreLettersOfFolder,
  trashLettersOfFolder,
} from './letter-writes.repository.ts';

/**
 * A file put this recently may belong to a delivery whose row is not written yet (same bytes,
 * same key): it is kept and checked again after this long. Deliveries take seconds.
 */
export const COLLECT_GRACE_SECONDS = 10 * 60;

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

/** Removes stored files of a failed upload, unless a letter or logo already uses the same bytes. */
export async function discardUploads(app: FastifyInstance, keys: string[]): Promise<void> {
  await collectUnreferencedDocuments(app, keys);
}

/**
 * Removes the files of `keys` that no row refers to. One put within the grace period is kept
 * and looked at again by a later job, when its delivery has either written its row or failed.
 */
export async function collectUnreferencedDocuments(
  app: FastifyInstance,
  keys: readonly string[],
): Promise<void> {
  const unreferenced = await findUnreferencedKeys(app.db, [...new Set(keys)]);
  const untouchedSince = addSeconds(app.clock.now(), -COLLECT_GRACE_SECONDS);
  const kept: string[] = [];
  for (const key of unreferenced) {
    if ((await app.documents.collect(key, untouchedSince)) === 'kept') kept.push(key);
  }
  if (kept.length === 0) return;
  await app.jobs.enqueue(app.db, {
    type: DOCUMENT_COLLECT_JOB,
    payload: { keys: kept },
    runAt: addSeconds(app.clock.now(), COLLECT_GRACE_SECONDS + 60),
  });
}
