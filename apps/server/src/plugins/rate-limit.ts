import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { addSeconds } from '../clock.ts';
import { addressBlockOf } from '../lib/address-block.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from './app-error.ts';

type RateLimitContext = Pick<FastifyInstance, 'db' | 'clock' | 'engine'>;

export interface RateLimitRule {
  /** What is counted, e.g. `login:account:<email>` or `addressKey('login', ip)`. */
  key: string;
  max: number;
  windowSeconds: number;
}

/**
 * The key of a limit per client address, e.g. `login:address:2001:db8:1:2::/64`: the
 * address block one client controls (see addressBlockOf), so that hopping between the
 * addresses of one IPv6 /64 does not buy more tries.
 */
export function addressKey(scope: string, ipAddress: string): string {
  return `${scope}:address:${addressBlockOf(ipAddress)}`;
}

/** The hits one attempt reserved: one row per key, so exactly these can be given back. */
export interface RateLimitReservation {
  hits: { key: string; id: number }[];
}

/** Hits older than this are of no use to any rule and are pruned. */
const PRUNE_AFTER_SECONDS = 24 * 3600;
const PRUNE_PROBABILITY = 0.05;

/**
 * Seconds until every rule has room again; 0 when none has reached its `max` hits inside its
 * sliding window. The hits live in the database, so all instances count the same.
 */
async function secondsUntilAllowed(
  db: Kysely<Database>,
  now: Date,
  rules: RateLimitRule[],
): Promise<number> {
  let retryAfterSeconds = 0;
  for (const rule of rules) {
    const since = addSeconds(now, -rule.windowSeconds).toISOString();
    // The max-th newest hit: once it leaves the window, fewer than max remain.
    const blocking = await db
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

/** A 64-bit advisory lock id per key, in a space of its own (a hash of a prefixed key). */
function advisoryLockId(key: string): bigint {
  return createHash('sha256').update(`rate_limit_hits:${key}`).digest().readBigInt64BE(0);
}

/**
 * Serialises every reservation on the same keys until the transaction ends. PostgreSQL's
 * READ COMMITTED lets two transactions count the same hits and both insert; a transaction
 * lock per key makes the second wait for the first to commit, and its count (a new statement)
 * then sees the first one's hit. Locks are taken in one global order, so two attempts that
 * share an address but not an account never deadlock. SQLite needs nothing: a transaction
 * there begins with BEGIN IMMEDIATE, which holds the one write lock from the start.
 */
async function lockKeys(trx: Kysely<Database>, keys: string[]): Promise<void> {
  const ids = [...new Set(keys.map(advisoryLockId))].toSorted((a, b) => (a < b ? -1 : 1));
  for (const id of ids) {
    await sql`select pg_advisory_xact_lock(${id.toString()}::bigint)`.execute(trx);
  }
}

type ReserveOutcome =
  | { reservation: RateLimitReservation; retryAfterSeconds: 0 }
  | { reservation: undefined; retryAfterSeconds: number };

/**
 * Counts and records in one serialised step: when every rule has room, one hit per key is
 * inserted; when any rule is at its limit, none is (all or nothing).
 */
async function reserve(app: RateLimitContext, rules: RateLimitRule[]): Promise<ReserveOutcome> {
  const keys = [...new Set(rules.map((rule) => rule.key))];
  if (keys.length === 0) return { reservation: { hits: [] }, retryAfterSeconds: 0 };
  const outcome = await app.db.transaction().execute(async (trx): Promise<ReserveOutcome> => {
    if (app.engine === 'postgres') await lockKeys(trx, keys);
    // Read the time once the lock is held: waiting for it must not age the count.
    const now = app.clock.now();
    const retryAfterSeconds = await secondsUntilAllowed(trx, now, rules);
    if (retryAfterSeconds > 0) return { reservation: undefined, retryAfterSeconds };
    const hitAt = now.toISOString();
    const hits = await trx
      .insertInto('rate_limit_hits')
      .values(keys.map((key) => ({ key, hit_at: hitAt })))
      .returning(['key', 'id'])
      .execute();
    return { reservation: { hits }, retryAfterSeconds: 0 };
  });
  // Opportunistic clean-up keeps the table small without a scheduled job.
  if (outcome.reservation && Math.random() < PRUNE_PROBABILITY) {
    const before = addSeconds(app.clock.now(), -PRUNE_AFTER_SECONDS).toISOString();
    await app.db.deleteFrom('rate_limit_hits').where('hit_at', '<', before).execute();
  }
  return outcome;
}

/**
 * Reserves an attempt before the work it limits (reserve, then verify): the hit counts at
 * once, so parallel attempts get no more tries than serial ones. Throws RATE_LIMITED (with
 * Retry-After) and reserves nothing when any rule is at its limit.
 */
export async function reserveRateLimitHits(
  app: RateLimitContext,
  rules: RateLimitRule[],
): Promise<RateLimitReservation> {
  const outcome = await reserve(app, rules);
  if (!outcome.reservation) {
    const retryAfterSeconds = outcome.retryAfterSeconds;
    throw new AppError('RATE_LIMITED', {
      details: { retry_after_seconds: retryAfterSeconds },
      headers: { 'retry-after': String(retryAfterSeconds) },
    });
  }
  return outcome.reservation;
}

/** Like reserveRateLimitHits, for limits that drop silently: undefined when at the limit. */
export async function tryReserveRateLimitHits(
  app: RateLimitContext,
  rules: RateLimitRule[],
): Promise<RateLimitReservation | undefined> {
  return (await reserve(app, rules)).reservation;
}

/** Gives back reserved hits (all, or those of `keys`) for an attempt that turned out fine. */
export async function releaseRateLimitHits(
  app: RateLimitContext,
  reservation: RateLimitReservation,
  keys?: string[],
): Promise<void> {
  const ids = reservation.hits
    .filter((hit) => !keys || keys.includes(hit.key))
    .map((hit) => hit.id);
  if (ids.length === 0) return;
  await app.db.deleteFrom('rate_limit_hits').where('id', 'in', ids).execute();
}

export async function clearRateLimitHits(app: RateLimitContext, key: string): Promise<void> {
  await app.db.deleteFrom('rate_limit_hits').where('key', '=', key).execute();
}
