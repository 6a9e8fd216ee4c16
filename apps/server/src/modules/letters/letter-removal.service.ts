import type { FastifyInstance } from 'fastify';
import { addSeconds } from '../../clock.ts';
import { DOCUMENT_COLLECT_JOB } from './letter-job-types.ts';
import {
  deleteTrashedLetters,
  findStorageKeys,
  findTrashedLetterIds,
  findUnreferencedKeys,
} from './letter-writes.repository.ts';

const PURGE_BATCH_SIZE = 500;
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
