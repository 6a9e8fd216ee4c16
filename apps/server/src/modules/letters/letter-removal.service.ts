import type { FastifyInstance } from 'fastify';
import { addSeconds } from '../../clock.ts';
import {
  deleteTrashedLetters,
  findStorageKeys,
  findTrashedLetterIds,
  findUnreferencedKeys,
} from './letter-writes.repository.ts';

const PURGE_BATCH_SIZE = 500;

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
  const unreferenced = await findUnreferencedKeys(app.db, keys);
  for (const key of unreferenced) await app.documents.remove(key);
  return deleted;
}

/** Empties one account's trash; the caller has checked the role. */
export async function emptyAccountTrash(app: FastifyInstance, accountId: string): Promise<number> {
  let total = 0;
  for (;;) {
    const ids = await findTrashedLetterIds(app.db, { accountId, limit: PURGE_BATCH_SIZE });
    if (ids.length === 0) return total;
    total += await deleteTrashedLettersForever(app, ids);
  }
}

/** Deletes everything trashed longer ago than the retention period, in batches. */
export async function purgeExpiredTrash(app: FastifyInstance): Promise<number> {
  const cutoff = addSeconds(app.clock.now(), -app.config.trashRetentionDays * 24 * 3600);
  let total = 0;
  for (;;) {
    const ids = await findTrashedLetterIds(app.db, {
      trashedBefore: cutoff.toISOString(),
      limit: PURGE_BATCH_SIZE,
    });
    if (ids.length === 0) return total;
    total += await deleteTrashedLettersForever(app, ids);
  }
}

/** Removes stored files of a failed upload, unless a letter or logo already uses the same bytes. */
export async function discardUploads(app: FastifyInstance, keys: string[]): Promise<void> {
  for (const key of await findUnreferencedKeys(app.db, [...new Set(keys)])) {
    await app.documents.remove(key);
  }
}
