import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { Client } from 'pg';
import type { LiveEvent } from '@kuvert/shared/events';
import type { Clock } from '../clock.ts';
import type { Engine } from '../db/migrations/context.ts';
import type { Database } from '../db/schema.ts';
import { insertLiveEvents, latestLiveEventId, readLiveEventsAfter } from './live-event-store.ts';

/** Called with each event and its id, in id order, once per instance. */
export type LiveEventListener = (event: LiveEvent, id: number) => void;

/**
 * Live updates for server-sent events (DESIGN §9 "Many instances"). Every event is stored
 * with an id that grows in commit order (live-event-store.ts); each instance follows the table
 * and hands every new event, in order, to its subscribers. A wake-up says when to look: the
 * instance's own publish, a PostgreSQL NOTIFY from any instance, and a slow poll in case a
 * NOTIFY was lost while the listening connection was down. Publish only after the change is
 * committed, so a client that refetches on the event sees it.
 */
export interface EventBus {
  /** Resolves once the event is stored and this instance's subscribers have had it. */
  publish(event: LiveEvent): Promise<void>;
  /** Returns the function that unsubscribes. */
  subscribe(listener: LiveEventListener): () => void;
  /**
   * The id up to which every stored event has been handed to the subscribers: a subscriber
   * added before this call gets every event after it (0 when none was ever stored).
   */
  position(): Promise<number>;
  close(): Promise<void>;
}

export interface LiveEventBusOptions {
  db: Kysely<Database>;
  engine: Engine;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** PostgreSQL: the instances wake each other with LISTEN/NOTIFY on this database. */
  connectionString?: string;
}

const CHANNEL = 'kuvert_events';
const RECONNECT_DELAY_MS = 2000;
/** In case a NOTIFY was missed (the listening connection was down): cheap, by primary key. */
const POLL_INTERVAL_MS = 5000;
const READ_BATCH = 500;
const WRITE_BATCH = 200;

interface Waiting {
  event: LiveEvent;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Many instances on one PostgreSQL: a dedicated connection LISTENs (a pooled one would be
 * handed to other queries) and calls `wake` on each NOTIFY and after each (re)connect.
 */
function listenForWakeUps(
  connectionString: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
  wake: () => void,
): { close(): Promise<void> } {
  let client: Client | undefined;
  let isClosed = false;
  let reconnectTimer: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const next = new Client({ connectionString });
    next.on('notification', () => wake());
    next.on('error', (error) => {
      log.warn({ err: error }, 'live event connection lost; reconnecting');
      client = undefined;
      void next.end().catch(() => {});
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`listen ${CHANNEL}`);
    if (isClosed) {
      await next.end();
      return;
    }
    client = next;
    // What was stored while nobody listened is read now.
    wake();
  }

  function scheduleReconnect(): void {
    if (isClosed || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      connect().catch((error: unknown) => {
        log.warn({ err: error }, 'live event connection failed; retrying');
        scheduleReconnect();
      });
    }, RECONNECT_DELAY_MS);
  }

  const ready = connect().catch((error: unknown) => {
    log.warn({ err: error }, 'live event connection failed; retrying');
    scheduleReconnect();
  });

  return {
    async close() {
      isClosed = true;
      clearTimeout(reconnectTimer);
      await ready;
      await client?.end().catch(() => {});
      client = undefined;
    },
  };
}

export function createLiveEventBus(options: LiveEventBusOptions): EventBus {
  const { db, engine, clock, log, connectionString } = options;
  // Every open SSE stream is one; hundreds are normal.
  const subscribers = new Set<LiveEventListener>();
  let cursor = 0;
  let isClosed = false;
  let started: Promise<void> | undefined;
  let listener: { close(): Promise<void> } | undefined;
  let pollTimer: NodeJS.Timeout | undefined;
  let reading: Promise<void> | undefined;
  let readAgain = false;
  const waiting: Waiting[] = [];
  let writing: Promise<void> | undefined;

  /** The follower starts where the table ends: this instance hands on what comes after. */
  function start(): Promise<void> {
    started ??= (async () => {
      cursor = await latestLiveEventId(db);
      if (isClosed) return;
      if (engine === 'postgres' && connectionString) {
        listener = listenForWakeUps(connectionString, log, () => void wake());
      }
      pollTimer = setInterval(() => void wake(), POLL_INTERVAL_MS);
      pollTimer.unref();
    })().catch((error: unknown) => {
      started = undefined;
      throw error;
    });
    return started;
  }

  function deliver(event: LiveEvent, id: number): void {
    for (const subscriber of subscribers) {
      try {
        subscriber(event, id);
      } catch (error) {
        log.warn({ err: error }, 'live event subscriber failed');
      }
    }
  }

  const isAsked = () => readAgain && !isClosed;

  async function readNew(): Promise<void> {
    await start();
    do {
      readAgain = false;
      for (;;) {
        const rows = await readLiveEventsAfter(db, cursor, READ_BATCH);
        for (const row of rows) {
          cursor = row.id;
          if (row.event) deliver(row.event, row.id);
        }
        if (rows.length < READ_BATCH) break;
      }
    } while (isAsked());
  }

  /** Reads what is new; a wake-up while reading makes the reading go round once more. */
  function wake(): Promise<void> {
    if (isClosed) return Promise.resolve();
    if (reading) {
      readAgain = true;
      return reading;
    }
    reading = readNew()
      .catch((error: unknown) => {
        log.warn({ err: error }, 'live events not read; next wake-up tries again');
      })
      .finally(() => {
        reading = undefined;
        if (readAgain) void wake();
      });
    return reading;
  }

  async function deliveredUpTo(id: number): Promise<void> {
    // Bounded: a read that fails leaves the rest to the next wake-up.
    const isBehind = () => cursor < id && !isClosed;
    for (let attempt = 0; attempt < 3 && isBehind(); attempt += 1) await wake();
  }

  async function writeWaiting(): Promise<void> {
    while (waiting.length > 0) {
      const batch = waiting.splice(0, WRITE_BATCH);
      try {
        const ids = await insertLiveEvents(
          db,
          engine,
          batch.map((item) => item.event),
          clock.now().toISOString(),
          engine === 'postgres' ? CHANNEL : undefined,
        );
        const done = () => {
          for (const item of batch) item.resolve();
        };
        void deliveredUpTo(ids.at(-1) ?? 0).then(done, done);
      } catch (error) {
        for (const item of batch) item.reject(error);
      }
    }
  }

  /** Events that wait while a write is under way go together in the next one. */
  function startWriting(): void {
    writing ??= writeWaiting().finally(() => {
      writing = undefined;
      if (waiting.length > 0) startWriting();
    });
  }

  return {
    async publish(event) {
      await start();
      if (isClosed) throw new Error('the live event bus is closed');
      const stored = new Promise<void>((resolve, reject) => {
        waiting.push({ event, resolve, reject });
      });
      startWriting();
      return stored;
    },
    subscribe(subscriber) {
      void start().catch((error: unknown) => {
        log.warn({ err: error }, 'live events not started; next wake-up tries again');
      });
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    async position() {
      await start();
      return cursor;
    },
    async close() {
      isClosed = true;
      await started?.catch(() => {});
      clearInterval(pollTimer);
      // A write may start another for the events that waited meanwhile.
      for (let current = writing; current; current = writing) await current;
      await reading;
      await listener?.close();
      subscribers.clear();
    },
  };
}
