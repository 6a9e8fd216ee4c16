import type { FastifyInstance } from 'fastify';
import { addSeconds } from '../clock.ts';
import { deleteLiveEventsBefore } from './live-event-store.ts';

export const LIVE_EVENTS_PRUNE_JOB = 'live-events.prune';
/** Often against the window (an hour by default), so the table holds little more than it. */
const PRUNE_INTERVAL_SECONDS = 10 * 60;

/** Forgets the live events older than the replay window (LIVE_EVENTS_RETENTION_MINUTES). */
export async function pruneLiveEvents(app: FastifyInstance): Promise<number> {
  const cutoff = addSeconds(app.clock.now(), -app.config.liveEventsRetentionSeconds);
  return deleteLiveEventsBefore(app.db, cutoff.toISOString());
}

export async function scheduleLiveEventsPrune(app: FastifyInstance, runAt?: Date): Promise<void> {
  await app.jobs.enqueueUnique(app.db, {
    type: LIVE_EVENTS_PRUNE_JOB,
    uniqueKey: LIVE_EVENTS_PRUNE_JOB,
    payload: {},
    ...(runAt ? { runAt } : {}),
  });
}

/** Every ten minutes, like the other periodic jobs: the next run is queued once this one ran. */
export function registerLiveEventRetention(app: FastifyInstance): void {
  app.jobs.register(LIVE_EVENTS_PRUNE_JOB, async () => {
    await pruneLiveEvents(app);
    await scheduleLiveEventsPrune(app, addSeconds(app.clock.now(), PRUNE_INTERVAL_SECONDS));
  });
  app.jobs.onStart(() => scheduleLiveEventsPrune(app));
}
