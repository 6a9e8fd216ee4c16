import { sql, type Kysely } from 'kysely';
import { liveEventSchema, type LiveEvent } from '@kuvert/shared/events';
import type { Engine } from '../db/migrations/context.ts';
import type { Database } from '../db/schema.ts';

/**
 * The live events of the replay window (migration 0029). Ids grow in commit order, so that a
 * reader that has seen id n has seen every event below it and never has to look back:
 *
 * - SQLite has one writer at a time and AUTOINCREMENT never hands out an id twice.
 * - On PostgreSQL an id drawn from a sequence is not committed in order: an instance could
 *   draw 10, another 11 and commit first, and a reader that read up to 11 would never see 10.
 *   So a writer takes one transaction-scoped advisory lock *before* it draws its ids and holds
 *   it until its commit: the next writer draws only after that commit is visible. NOTIFY
 *   already serialises the commits of notifying transactions (a global lock in PostgreSQL's
 *   async.c), so the lock costs little more; the bus inserts whatever events wait in one row
 *   set per transaction, so many events share one commit under load.
 *
 * A settle window (read only rows older than a few seconds) would add that delay to every
 * event and still be wrong for a writer slower than the window; a snapshot's xmin as the
 * high-water mark would be exact but hold every event back behind any long transaction in the
 * whole database server.
 */

export interface StoredLiveEvent {
  id: number;
  event: LiveEvent;
}

/** pg_advisory_xact_lock's two keys for "writing live events": 'KUVE', 'LIVE' in ASCII. */
const WRITE_LOCK = sql.raw('1263884869, 1279874629');

function parsePayload(id: number, payload: string): StoredLiveEvent | undefined {
  try {
    const parsed = liveEventSchema.safeParse(JSON.parse(payload));
    return parsed.success ? { id, event: parsed.data } : undefined;
  } catch {
    return undefined;
  }
}

function parseRows(rows: { id: number; payload: string }[]): StoredLiveEvent[] {
  return rows.flatMap((row) => parsePayload(Number(row.id), row.payload) ?? []);
}

/**
 * Stores the events in one transaction and answers their ids, in the order given. On
 * PostgreSQL the commit NOTIFYs `channel` with the last id: the wake-up of every instance.
 */
export async function insertLiveEvents(
  db: Kysely<Database>,
  engine: Engine,
  events: readonly LiveEvent[],
  createdAt: string,
  channel?: string,
): Promise<number[]> {
  if (events.length === 0) return [];
  const rows = events.map((event) => ({
    account_id: event.account_id,
    type: event.type,
    payload: JSON.stringify(event),
    created_at: createdAt,
  }));
  if (engine === 'sqlite') {
    const inserted = await db.insertInto('live_events').values(rows).returning('id').execute();
    return inserted.map((row) => Number(row.id)).toSorted((a, b) => a - b);
  }
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${WRITE_LOCK})`.execute(trx);
    const inserted = await trx.insertInto('live_events').values(rows).returning('id').execute();
    const ids = inserted.map((row) => Number(row.id)).toSorted((a, b) => a - b);
    if (channel) await sql`select pg_notify(${channel}, ${String(ids.at(-1))})`.execute(trx);
    return ids;
  });
}

/** The newest id, or 0 when there is none. */
export async function latestLiveEventId(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('live_events')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/**
 * Every event after `afterId`, oldest first, at most `limit`; one whose payload no longer
 * parses (an event type since removed) comes without its event, so that a reader passes it.
 */
export async function readLiveEventsAfter(
  db: Kysely<Database>,
  afterId: number,
  limit: number,
): Promise<{ id: number; event: LiveEvent | undefined }[]> {
  const rows = await db
    .selectFrom('live_events')
    .select(['id', 'payload'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    event: parsePayload(Number(row.id), row.payload)?.event,
  }));
}

/** The events of these accounts after `afterId`, oldest first, at most `limit`. */
export async function readAccountLiveEventsAfter(
  db: Kysely<Database>,
  accountIds: readonly string[],
  afterId: number,
  limit: number,
): Promise<StoredLiveEvent[]> {
  if (accountIds.length === 0) return [];
  const rows = await db
    .selectFrom('live_events')
    .select(['id', 'payload'])
    .where('account_id', 'in', accountIds)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return parseRows(rows);
}

/** When the event was stored, or undefined when it is not (or no longer) kept. */
export async function findLiveEventTime(
  db: Kysely<Database>,
  id: number,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('live_events')
    .select('created_at')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.created_at;
}

/**
 * Forgets the events stored before `cutoff`: everything up to the newest of them, so that what
 * stays is always every event after some id (a replay from a kept id misses nothing, even when
 * two instances' clocks differ a little).
 */
export async function deleteLiveEventsBefore(
  db: Kysely<Database>,
  cutoff: string,
): Promise<number> {
  const newestOld = await db
    .selectFrom('live_events')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('created_at', '<', cutoff)
    .executeTakeFirst();
  if (newestOld?.id === null || newestOld?.id === undefined) return 0;
  const result = await db
    .deleteFrom('live_events')
    .where('id', '<=', Number(newestOld.id))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The events of mailboxes that are erased with their person (personal-data erasure). */
export async function deleteLiveEventsOfAccounts(
  db: Kysely<Database>,
  accountIds: readonly string[],
): Promise<void> {
  if (accountIds.length === 0) return;
  await db.deleteFrom('live_events').where('account_id', 'in', accountIds).execute();
}
