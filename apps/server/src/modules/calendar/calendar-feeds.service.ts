import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  CALENDAR_SECRET_PATTERN,
  type CalendarFeed,
  type CreatedCalendarFeed,
} from '@kuvert/shared/calendar';
import { newSecret } from '../../db/ids.ts';
import { AppError } from '../../plugins/app-error.ts';
import { recordAuditEvent, type RequestOrigin } from '../../plugins/audit.ts';
import {
  addressKey,
  releaseRateLimitHits,
  reserveRateLimitHits,
} from '../../plugins/rate-limit.ts';
import { renderCalendarOfUser } from './calendar-events.service.ts';
import {
  deleteFeedOfUser,
  findFeedBySecretHash,
  findFeedOfUser,
  upsertFeed,
} from './calendar-feeds.repository.ts';

/*
 * The feed's address is `PUBLIC_URL/api/public/calendar/<secret>`: 256 random bits, nothing
 * else (no user id, no name). Only the secret's SHA-256 is stored, so the address is shown
 * once; a new one replaces it, and the old address answers 404 from then on.
 */

/** Wrong addresses one client may try in the window before it is refused (guessing). */
const MISSES_PER_ADDRESS = 30;
/** Fetches of one feed in the window: calendar apps look once an hour or so. */
const FETCHES_PER_FEED = 30;
const WINDOW_SECONDS = 600;

export function hashCalendarSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function feedUrlOf(app: Pick<FastifyInstance, 'config'>, secret: string): string {
  return `${app.config.publicUrl}/api/public/calendar/${secret}`;
}

export async function getCalendarFeed(app: FastifyInstance, userId: string): Promise<CalendarFeed> {
  const row = await findFeedOfUser(app.db, userId);
  return row
    ? { active: true, created_at: new Date(row.created_at).toISOString() }
    : { active: false, created_at: null };
}

/** Makes the address, or a new one in place of the old. */
export async function createCalendarFeed(
  app: FastifyInstance,
  userId: string,
  origin: RequestOrigin,
): Promise<CreatedCalendarFeed> {
  const secret = newSecret(32);
  const createdAt = app.clock.now().toISOString();
  await app.db.transaction().execute(async (trx) => {
    await upsertFeed(trx, {
      user_id: userId,
      secret_hash: hashCalendarSecret(secret),
      created_at: createdAt,
    });
    await recordAuditEvent(app, trx, { userId, type: 'calendar_feed_created', origin });
  });
  return { url: feedUrlOf(app, secret), created_at: createdAt };
}

export async function revokeCalendarFeed(
  app: FastifyInstance,
  userId: string,
  origin: RequestOrigin,
): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    if (await deleteFeedOfUser(trx, userId)) {
      await recordAuditEvent(app, trx, { userId, type: 'calendar_feed_revoked', origin });
    }
  });
}

/**
 * The feed behind a secret address, for anyone who has it. A try counts against the
 * client's address before the lookup and is given back when the secret opened a feed, so
 * guessing is limited and a calendar service fetching many people's feeds is not; a feed
 * fetched far more often than calendars do is refused by its own limit.
 */
export async function renderCalendarFeed(
  app: FastifyInstance,
  secret: string,
  origin: RequestOrigin,
): Promise<string> {
  const missKey = addressKey('calendar_feed_miss', origin.ipAddress);
  const reservation = await reserveRateLimitHits(app, [
    { key: missKey, max: MISSES_PER_ADDRESS, windowSeconds: WINDOW_SECONDS },
  ]);
  const feed = CALENDAR_SECRET_PATTERN.test(secret)
    ? await findFeedBySecretHash(app.db, hashCalendarSecret(secret))
    : undefined;
  if (!feed) throw new AppError('NOT_FOUND');
  await releaseRateLimitHits(app, reservation);
  await reserveRateLimitHits(app, [
    { key: `calendar_feed:${feed.user_id}`, max: FETCHES_PER_FEED, windowSeconds: WINDOW_SECONDS },
  ]);
  return renderCalendarOfUser(app, feed.user_id);
}
