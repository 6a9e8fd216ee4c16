import type { FastifyInstance } from 'fastify';
import { addSeconds } from '../clock.ts';
import { deleteLiveEventsBefore } from './live-event-store.ts';

export const LIVE_EVENTS_PRUNE_JOB = 'live-events.prune';
/** Often against the window (an hour by default), so the table holds little more than it. */
const PRUNE_INTERVAL_MINUTES = 10;

/** Forgets the live events older than the replay window (LIVE_EVENTS_RETENTION_MINUTES). */
export async function pruneLiveEvents(app: FastifyInstance): Promise<number> {
  const cutoff = addSeconds(app.clock.now(), -app.config.liveEventsRetentionSeconds);
  return deleteLiveEventsBefore(app.db, cutoff.toISOString());
}

/** Queues this period's clean-up unless it ran already, as an instance's start does. */
export function scheduleLiveEventsPrune(app: FastifyInstance): Promise<void> {
  return app.jobs.schedulePeriodic(LIVE_EVENTS_PRUNE_JOB);
}

/** Every ten minutes, once for the whole cluster, like the other periodic jobs. */
export function registerLiveEventRetention(app: FastifyInstance): void {
  app.jobs.every({
    type: LIVE_EVENTS_PRUNE_JOB,
    period: { minutes: PRUNE_INTERVAL_MINUTES },
    run: async () => {
      await pruneLiveEvents(app);
    },
  });
}
