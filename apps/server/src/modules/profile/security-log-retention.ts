import type { FastifyInstance } from 'fastify';
import { addSeconds } from '../../clock.ts';
import { deleteAuditEventsBefore } from '../../plugins/audit.ts';

/**
 * The security log keeps a year: long enough to notice and trace a break-in, short enough
 * that it does not grow for ever with every login of every device.
 */
export const SECURITY_LOG_RETENTION_DAYS = 365;
export const SECURITY_LOG_PRUNE_JOB = 'security-log.prune';

export async function pruneSecurityLog(app: FastifyInstance): Promise<number> {
  const cutoff = addSeconds(app.clock.now(), -SECURITY_LOG_RETENTION_DAYS * 24 * 3600);
  return deleteAuditEventsBefore(app.db, cutoff.toISOString());
}

/** Queues today's prune unless it ran already, as an instance's start does. */
export function scheduleSecurityLogPrune(app: FastifyInstance): Promise<void> {
  return app.jobs.schedulePeriodic(SECURITY_LOG_PRUNE_JOB);
}

/** Daily, once for the whole cluster, like the trash purge. */
export function registerSecurityLogJobs(app: FastifyInstance): void {
  app.jobs.every({
    type: SECURITY_LOG_PRUNE_JOB,
    period: 'day',
    run: async () => {
      const deleted = await pruneSecurityLog(app);
      if (deleted > 0) app.log.info({ deleted }, 'forgot security events older than a year');
    },
  });
}
