import type { FastifyInstance } from 'fastify';
import { addSeconds } from '../../clock.ts';
import { deleteAuditEventsBefore } from '../../plugins/audit.ts';

/**
 * The security log keeps a year: long enough to notice and trace a break-in, short enough
 * that it does not grow for ever with every login of every device.
 */
export const SECURITY_LOG_RETENTION_DAYS = 365;
export const SECURITY_LOG_PRUNE_JOB = 'security-log.prune';
const PRUNE_INTERVAL_SECONDS = 24 * 3600;

export async function pruneSecurityLog(app: FastifyInstance): Promise<number> {
  const cutoff = addSeconds(app.clock.now(), -SECURITY_LOG_RETENTION_DAYS * 24 * 3600);
  return deleteAuditEventsBefore(app.db, cutoff.toISOString());
}

export async function scheduleSecurityLogPrune(app: FastifyInstance, runAt?: Date): Promise<void> {
  await app.jobs.enqueueUnique(app.db, {
    type: SECURITY_LOG_PRUNE_JOB,
    uniqueKey: SECURITY_LOG_PRUNE_JOB,
    payload: {},
    ...(runAt ? { runAt } : {}),
  });
}

/** Daily, like the trash purge: the next run is queued once this one succeeded. */
export function registerSecurityLogJobs(app: FastifyInstance): void {
  app.jobs.register(SECURITY_LOG_PRUNE_JOB, async () => {
    const deleted = await pruneSecurityLog(app);
    if (deleted > 0) app.log.info({ deleted }, 'forgot security events older than a year');
    await scheduleSecurityLogPrune(app, addSeconds(app.clock.now(), PRUNE_INTERVAL_SECONDS));
  });
  app.jobs.onStart(() => scheduleSecurityLogPrune(app));
}
