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

export async function pruneIdentityProcesses(app: FastifyInstance): Promise<number> {
  const cutoff = addSeconds(app.clock.now(), -KEPT_AFTER_EXPIRY_SECONDS);
  return deleteIdentityProcessesExpiredBefore(app.db, cutoff.toISOString());
}

/** Daily, once for the whole cluster, like the security log's prune. */
export function registerIdentityProcessJobs(app: FastifyInstance): void {
  app.jobs.every({
    type: IDENTITY_PROCESS_PRUNE_JOB,
    period: 'day',
    run: async () => {
      const deleted = await pruneIdentityProcesses(app);
      if (deleted > 0) app.log.info({ deleted }, 'removed identity verifications long expired');
    },
  });
}
