import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { Client } from 'pg';
import { liveEventSchema, type LiveEvent } from '@kuvert/shared/events';

/**
 * Live updates for server-sent events. Publish only after the change is committed, so a
 * client that refetches on the event sees it.
 */
export interface EventBus {
  publish(event: LiveEvent): Promise<void>;
  /** Returns the function that unsubscribes. */
  subscribe(listener: (event: LiveEvent) => void): () => void;
  close(): Promise<void>;
}

const LOCAL_EVENT = 'event';
const CHANNEL = 'kuvert_events';
const RECONNECT_DELAY_MS = 2000;

/** One process: an EventEmitter is all it takes. */
export function createMemoryEventBus(): EventBus {
  const emitter = new EventEmitter();
  // Every open SSE stream is a listener; hundreds are normal, not a leak.
  emitter.setMaxListeners(0);
  return {
    async publish(event) {
      emitter.emit(LOCAL_EVENT, event);
    },
    subscribe(listener) {
      emitter.on(LOCAL_EVENT, listener);
      return () => emitter.off(LOCAL_EVENT, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

function parseEvent(payload: string | undefined): LiveEvent | undefined {
  if (!payload) return undefined;
  try {
    const parsed = liveEventSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Many instances on one PostgreSQL: every instance LISTENs on one channel with a dedicated
 * connection (a pooled one would be handed to other queries), and a publish is a NOTIFY that
 * all of them, this one included, pass to their local subscribers. NOTIFY payloads are
 * capped at 8000 bytes; live events carry ids and a subject, far below that.
 */
export function createPostgresEventBus(
  connectionString: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
): EventBus {
  const local = createMemoryEventBus();
  let client: Client | undefined;
  let isClosed = false;
  let reconnectTimer: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const next = new Client({ connectionString });
    next.on('notification', (message) => {
      const event = parseEvent(message.payload);
      if (event) void local.publish(event);
    });
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
    async publish(event) {
      await ready;
      const sender = client;
      // Without the listening connection, deliver locally at least; clients refetch anyway.
      if (!sender) return local.publish(event);
      await sender.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(event)]);
    },
    subscribe: (listener) => local.subscribe(listener),
    async close() {
      isClosed = true;
      clearTimeout(reconnectTimer);
      await ready;
      await client?.end().catch(() => {});
      client = undefined;
      await local.close();
    },
  };
}
