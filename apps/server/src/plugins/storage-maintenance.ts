import type { FastifyInstance } from 'fastify';
import { addSeconds } from '../clock.ts';
import type { TemporaryFilesCleaned } from './storage.ts';

export const TEMP_CLEANUP_JOB = 'storage.temp-cleanup';
/**
 * Temporary files untouched this long belong to nothing in progress: an upload writes its
 * `.part` as the bytes arrive, and a collect renames its file back or away in moments.
 */
export const TEMP_FILE_GRACE_SECONDS = 3600;

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

/** Queues this hour's clean-up unless it ran already, as an instance's start does. */
export function scheduleTempCleanup(app: FastifyInstance): Promise<void> {
  return app.jobs.schedulePeriodic(TEMP_CLEANUP_JOB);
}

/**
 * The hourly clean-up of the document store's temporary files, once for the whole cluster,
 * and at each instance's start (its own files, if its store is a local folder).
 */
export function registerStorageMaintenance(app: FastifyInstance): void {
  app.jobs.onStart(async () => {
    // Right away, as this hour's run may have been done by another instance.
    await cleanTemporaryDocuments(app).catch((error: unknown) => {
      app.log.warn({ err: error }, 'temporary document files not cleaned at start');
    });
  });
  app.jobs.every({
    type: TEMP_CLEANUP_JOB,
    period: 'hour',
    run: async () => {
      await cleanTemporaryDocuments(app);
    },
  });
}
