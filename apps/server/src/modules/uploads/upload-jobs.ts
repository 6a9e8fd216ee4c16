import type { FastifyInstance } from 'fastify';
import { addSeconds } from '../../clock.ts';
import { removeStaleUploads } from './upload-receiving.service.ts';

export const UPLOAD_CLEANUP_JOB = 'upload.stale-cleanup';
const CLEANUP_INTERVAL_SECONDS = 3600;

/** Adds the next run unless one is pending: a partial unique index keeps it to one. */
async function scheduleUploadCleanup(app: FastifyInstance, runAt?: Date): Promise<void> {
  await app.jobs.enqueueUnique(app.db, {
    type: UPLOAD_CLEANUP_JOB,
    uniqueKey: UPLOAD_CLEANUP_JOB,
    payload: {},
    ...(runAt ? { runAt } : {}),
  });
}

/**
 * The hourly removal of abandoned uploads in progress. Like the trash purge, the next run is
 * queued only after this one succeeded, and the first when an instance starts.
 */
export function registerUploadJobs(app: FastifyInstance): void {
  app.jobs.register(UPLOAD_CLEANUP_JOB, async () => {
    const removed = await removeStaleUploads(app);
    if (removed > 0) app.log.info({ removed }, 'removed uploads abandoned mid-way');
    await scheduleUploadCleanup(app, addSeconds(app.clock.now(), CLEANUP_INTERVAL_SECONDS));
  });
  app.jobs.onStart(() => scheduleUploadCleanup(app));
}
