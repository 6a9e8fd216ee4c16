import type { FastifyInstance } from 'fastify';
import { addSeconds } from '../../clock.ts';
import { deleteIdentityProcessesExpiredBefore } from './identity.repository.ts';

/**
 * Verifications nobody came back from stay until their owner starts another; this removes
 * them a day after they expired, so the table holds only recent ones. A day, not at once:
 * the person who comes back late still hears "expired" rather than "unknown".
 */
export const IDENTITY_PROCESS_PRUNE_JOB = 'identity-processes.prune';
const KEPT_AFTER_EXPIRY_SECONDS = 24 * 3600;
const PRUNE_INTERVAL_SECONDS = 24 * 3600;

export async function pruneIdentityProcesses(app: FastifyInstance): Promise<number> {
  const cutoff = addSeconds(app.clock.now(), -KEPT_AFTER_EXPIRY_SECONDS);
  return deleteIdentityProcessesExpiredBefore(app.db, cutoff.toISOString());
}

async function schedulePrune(app: FastifyInstance, runAt?: Date): Promise<void> {
  await app.jobs.enqueueUnique(app.db, {
    type: IDENTITY_PROCESS_PRUNE_JOB,
    uniqueKey: IDENTITY_PROCESS_PRUNE_JOB,
    payload: {},
    ...(runAt ? { runAt } : {}),
  });
}

/** Daily, like the security log's prune: the next run is queued once this one succeeded. */
export function registerIdentityProcessJobs(app: FastifyInstance): void {
  app.jobs.register(IDENTITY_PROCESS_PRUNE_JOB, async () => {
    const deleted = await pruneIdentityProcesses(app);
    if (deleted > 0) app.log.info({ deleted }, 'removed identity verifications long expired');
    await schedulePrune(app, addSeconds(app.clock.now(), PRUNE_INTERVAL_SECONDS));
  });
  app.jobs.onStart(() => schedulePrune(app));
}
