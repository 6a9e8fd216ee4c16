import type { FastifyInstance } from 'fastify';
import type { LiveStreamReset } from '@kuvert/shared/events';
import { addSeconds } from '../../clock.ts';
import {
  findLiveEventTime,
  latestLiveEventId,
  readAccountLiveEventsAfter,
  type StoredLiveEvent,
} from '../../plugins/live-event-store.ts';

/** More missed than this, and refetching everything is cheaper than hearing them all. */
export const REPLAY_LIMIT = 1000;

export type MissedEvents =
  { events: StoredLiveEvent[]; after: number } | { reset: LiveStreamReset['reason'] };

/** A positive integer id as the stream sends them, or undefined for anything else. */
export function parseLastEventId(value: string | string[] | undefined): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || !/^[1-9][0-9]{0,15}$/.test(text.trim())) return undefined;
  const id = Number(text.trim());
  return Number.isSafeInteger(id) ? id : undefined;
}

/**
 * The events of `accountIds` after the client's last event id, oldest first; or why they
 * cannot be sent. The id must still be kept and within the replay window: the clean-up
 * deletes every event up to some id (live-event-store.ts), so a kept id means none after it
 * went missing.
 */
export async function findMissedEvents(
  app: FastifyInstance,
  accountIds: readonly string[],
  lastEventId: string | string[],
): Promise<MissedEvents> {
  const id = parseLastEventId(lastEventId);
  if (id === undefined) return { reset: 'unknown' };
  const storedAt = await findLiveEventTime(app.db, id);
  if (storedAt === undefined) {
    return { reset: id > (await latestLiveEventId(app.db)) ? 'unknown' : 'expired' };
  }
  const windowStart = addSeconds(app.clock.now(), -app.config.liveEventsRetentionSeconds);
  if (Date.parse(storedAt) < windowStart.getTime()) return { reset: 'expired' };
  const events = await readAccountLiveEventsAfter(app.db, accountIds, id, REPLAY_LIMIT + 1);
  if (events.length > REPLAY_LIMIT) return { reset: 'too_many' };
  return { events, after: id };
}
