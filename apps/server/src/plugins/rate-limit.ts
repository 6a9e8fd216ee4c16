import type { FastifyInstance } from 'fastify';
import { addSeconds } from '../clock.ts';
import { AppError } from './app-error.ts';

type RateLimitContext = Pick<FastifyInstance, 'db' | 'clock'>;

export interface RateLimitRule {
  /** What is counted, e.g. `login:account:<email>` or `login:address:<ip>`. */
  key: string;
  max: number;
  windowSeconds: number;
}

/** Hits older than this are of no use to any rule and are pruned. */
const PRUNE_AFTER_SECONDS = 24 * 3600;
const PRUNE_PROBABILITY = 0.05;

/**
 * Seconds until every rule has room again; 0 when none has reached its `max` hits inside its
 * sliding window. The hits live in the database, so all instances count the same.
 */
export async function secondsUntilAllowed(
  app: RateLimitContext,
  rules: RateLimitRule[],
): Promise<number> {
  const now = app.clock.now();
  let retryAfterSeconds = 0;
  for (const rule of rules) {
    const since = addSeconds(now, -rule.windowSeconds).toISOString();
    // The max-th newest hit: once it leaves the window, fewer than max remain.
    const blocking = await app.db
      .selectFrom('rate_limit_hits')
      .select('hit_at')
      .where('key', '=', rule.key)
      .where('hit_at', '>', since)
      .orderBy('hit_at', 'desc')
      .limit(1)
      .offset(rule.max - 1)
      .executeTakeFirst();
    if (!blocking) continue;
    const freedAt = addSeconds(new Date(blocking.hit_at), rule.windowSeconds).getTime();
    const seconds = Math.max(1, Math.ceil((freedAt - now.getTime()) / 1000));
    retryAfterSeconds = Math.max(retryAfterSeconds, seconds);
  }
  return retryAfterSeconds;
}

/** Throws RATE_LIMITED (with Retry-After) when any rule is at its limit. */
export async function assertWithinRateLimits(
  app: RateLimitContext,
  rules: RateLimitRule[],
): Promise<void> {
  const retryAfterSeconds = await secondsUntilAllowed(app, rules);
  if (retryAfterSeconds > 0) {
    throw new AppError('RATE_LIMITED', {
      details: { retry_after_seconds: retryAfterSeconds },
      headers: { 'retry-after': String(retryAfterSeconds) },
    });
  }
}

export async function recordRateLimitHits(app: RateLimitContext, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  const now = app.clock.now();
  const hitAt = now.toISOString();
  await app.db
    .insertInto('rate_limit_hits')
    .values(keys.map((key) => ({ key, hit_at: hitAt })))
    .execute();
  // Opportunistic clean-up keeps the table small without a scheduled job.
  if (Math.random() < PRUNE_PROBABILITY) {
    await app.db
      .deleteFrom('rate_limit_hits')
      .where('hit_at', '<', addSeconds(now, -PRUNE_AFTER_SECONDS).toISOString())
      .execute();
  }
}

export async function clearRateLimitHits(app: RateLimitContext, key: string): Promise<void> {
  await app.db.deleteFrom('rate_limit_hits').where('key', '=', key).execute();
}
