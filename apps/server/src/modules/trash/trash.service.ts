import type { FastifyInstance } from 'fastify';
import { addSeconds } from '../../clock.ts';
import { assertAccountRole } from '../accounts/accounts.service.ts';
import { publishLiveEvent } from '../events/events.service.ts';
import { emptyAccountTrash, purgeExpiredTrash } from '../letters/letter-removal.service.ts';

export const TRASH_PURGE_JOB = 'trash.purge';
const PURGE_INTERVAL_SECONDS = 24 * 3600;

export async function emptyTrash(
  app: FastifyInstance,
  userId: string,
  accountId: string,
): Promise<number> {
  await assertAccountRole(app.db, userId, accountId, 'member');
  const deleted = await emptyAccountTrash(app, accountId);
  await publishLiveEvent(app, { type: 'letters.changed', account_id: accountId });
  return deleted;
}

/** Adds the next run unless one is pending: a partial unique index keeps it to one. */
export async function scheduleTrashPurge(app: FastifyInstance, runAt?: Date): Promise<void> {
  await app.jobs.enqueueUnique(app.db, {
    type: TRASH_PURGE_JOB,
    uniqueKey: TRASH_PURGE_JOB,
    payload: {},
    ...(runAt ? { runAt } : {}),
  });
}

/**
 * The daily purge. The next run is queued only after this one succeeded, so a failed run is
 * retried (the job system's backoff) instead of racing its successor; a run that exhausts its
 * attempts is re-created when an instance next starts.
 */
export function registerTrashJobs(app: FastifyInstance): void {
  app.jobs.register(TRASH_PURGE_JOB, async () => {
    const deleted = await purgeExpiredTrash(app);
    if (deleted > 0) app.log.info({ deleted }, 'purged letters trashed long ago');
    await scheduleTrashPurge(app, addSeconds(app.clock.now(), PURGE_INTERVAL_SECONDS));
  });
  app.jobs.onStart(() => scheduleTrashPurge(app));
}
