import type { FastifyInstance } from 'fastify';
import { addSeconds } from '../clock.ts';
import type { TemporaryFilesCleaned } from './storage.ts';

export const TEMP_CLEANUP_JOB = 'storage.temp-cleanup';
/**
 * Temporary files untouched this long belong to nothing in progress: an upload writes its
 * `.part` as the bytes arrive, and a collect renames its file back or away in moments.
 */
export const TEMP_FILE_GRACE_SECONDS = 3600;
const CLEANUP_INTERVAL_SECONDS = 3600;

/** Removes (or puts back) the temporary files a crash or a killed process left behind. */
export async function cleanTemporaryDocuments(
  app: FastifyInstance,
): Promise<TemporaryFilesCleaned> {
  const olderThan = addSeconds(app.clock.now(), -TEMP_FILE_GRACE_SECONDS);
  const cleaned = await app.documents.cleanTemporaryFiles(olderThan);
  if (cleaned.removed > 0 || cleaned.restored > 0) {
    app.log.info(
      cleaned,
      'tidied temporary document files left by an interrupted upload or collect',
    );
  }
  return cleaned;
}

/** Adds the next run unless one is pending: a partial unique index keeps it to one. */
export async function scheduleTempCleanup(app: FastifyInstance, runAt?: Date): Promise<void> {
  await app.jobs.enqueueUnique(app.db, {
    type: TEMP_CLEANUP_JOB,
    uniqueKey: TEMP_CLEANUP_JOB,
    payload: {},
    ...(runAt ? { runAt } : {}),
  });
}

/**
 * The hourly clean-up of the document store's temporary files, first run when an instance
 * starts. Like the trash purge, the next run is queued only after this one succeeded.
 */
export function registerStorageMaintenance(app: FastifyInstance): void {
  app.jobs.register(TEMP_CLEANUP_JOB, async () => {
    await cleanTemporaryDocuments(app);
    await scheduleTempCleanup(app, addSeconds(app.clock.now(), CLEANUP_INTERVAL_SECONDS));
  });
  app.jobs.onStart(async () => {
    // Right away too, as a run may be queued for up to an hour from now.
    await cleanTemporaryDocuments(app).catch((error: unknown) => {
      app.log.warn({ err: error }, 'temporary document files not cleaned at start');
    });
    await scheduleTempCleanup(app);
  });
}
