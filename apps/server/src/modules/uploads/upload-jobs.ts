import type { FastifyInstance } from 'fastify';
import { addSeconds } from '../../clock.ts';
import { AppError } from '../../plugins/app-error.ts';
import { withUploadLock } from './upload-locks.ts';
import { UPLOAD_EXPIRY_SECONDS } from './upload-expiry.ts';
import { deleteStaleReceivingUpload, findStaleReceivingUploads } from './uploads.repository.ts';

export const UPLOAD_CLEANUP_JOB = 'upload.stale-cleanup';
/** Often, so an idle upload's room comes back soon after its Upload-Expires. */
const CLEANUP_INTERVAL_MINUTES = 5;

const STALE_BATCH_SIZE = 100;

/**
 * Removes uploads in progress that nobody added to for UPLOAD_EXPIRY_SECONDS (their
 * Upload-Expires passed): the row, so its reserved bytes leave the quota, and the bytes.
 * One a request is appending to right now is left for the next run.
 */
export async function removeStaleUploads(app: FastifyInstance): Promise<number> {
  const before = addSeconds(app.clock.now(), -UPLOAD_EXPIRY_SECONDS).toISOString();
  let removed = 0;
  for (;;) {
    const stale = await findStaleReceivingUploads(app.db, before, STALE_BATCH_SIZE);
    for (const upload of stale) {
      const isRemoved = await withUploadLock(app, upload.id, async (db) => {
        if (!(await deleteStaleReceivingUpload(db, upload.id, before))) return false;
        await app.uploadStaging.remove(upload.id);
        return true;
      }).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'CONFLICT') return false;
        throw error;
      });
      if (isRemoved) removed += 1;
    }
    if (stale.length < STALE_BATCH_SIZE) return removed;
  }
}

/** The removal of abandoned uploads in progress, every few minutes, once for the cluster. */
export function registerUploadJobs(app: FastifyInstance): void {
  app.jobs.every({
    type: UPLOAD_CLEANUP_JOB,
    period: { minutes: CLEANUP_INTERVAL_MINUTES },
    run: async () => {
      const removed = await removeStaleUploads(app);
      if (removed > 0) app.log.info({ removed }, 'removed uploads abandoned mid-way');
    },
  });
}
