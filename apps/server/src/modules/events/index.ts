import { eventEndpoints } from '@kuvert/shared/events/endpoints';
import { declared } from '../../plugins/declared-routes.ts';
import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  liveEventStreamQuerySchema,
  liveStreamEvents,
  type LiveEvent,
} from '@kuvert/shared/events';
import { binaryResponse, errorResponses } from '../../plugins/openapi.ts';
import { securityHeaders } from '../../plugins/security-headers.ts';
import { findLiveSessionBySecret } from '../../plugins/session-store.ts';
import { requireSession, sessionCookieName } from '../../plugins/session.ts';
import { getEventAccountIds } from './events.service.ts';
import { findMissedEvents, type MissedEvents } from './live-event-replay.ts';

/**
 * Proxies commonly drop a connection silent for 30–60 s; a `sync` every 25 s keeps it open and
 * the client's last event id recent, however quiet its own mailboxes are.
 */
const HEARTBEAT_MS = 25_000;
const RECONNECT_HINT_MS = 3000;
/**
 * A draining instance (SIGTERM) ends its streams with a shorter hint, spread over a second so
 * that its browsers do not all come back at once: they reconnect, through the load balancer,
 * to another instance.
 */
const DRAIN_RECONNECT_MS = 250;
const DRAIN_RECONNECT_SPREAD_MS = 1000;

function drainRetryHint(): string {
  const delay = DRAIN_RECONNECT_MS + Math.floor(Math.random() * DRAIN_RECONNECT_SPREAD_MS);
  return `retry: ${delay}\n\n`;
}

function write(raw: ServerResponse, text: string): void {
  if (!raw.writableEnded && !raw.destroyed) raw.write(text);
}

/** One event; no `id:` for none (0: nothing was ever stored), so the client keeps its own. */
function formatEvent(id: number | undefined, type: string, data: unknown): string {
  const idLine = id ? `id: ${id}\n` : '';
  return `${idLine}event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}

function syncEvent(id: number): string {
  return formatEvent(id, liveStreamEvents.sync, {});
}

export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  const streamSecurityHeaders = Object.fromEntries(securityHeaders(app.config));
  const open = new Set<ServerResponse>();
  // Before the server stops accepting: end every stream, or close() would wait on them forever.
  app.addHook('preClose', async () => {
    for (const raw of open) {
      if (!raw.writableEnded && !raw.destroyed) raw.end(drainRetryHint());
    }
    open.clear();
  });

  app.get(
    declared.get(eventEndpoints.stream),
    {
      schema: {
        tags: ['events'],
        summary:
          'Server-sent events (text/event-stream): each `data:` is a LiveEvent of one of the caller’s accounts, ' +
          'with an `id:`; `Last-Event-ID` (or `last_event_id`) sends first what was missed since that id',
        querystring: liveEventStreamQuerySchema,
        response: {
          200: binaryResponse('An event stream', ['text/event-stream']),
          ...errorResponses(401),
        },
      },
      compress: false,
    },
    async (request, reply) => {
      const session = requireSession(request);
      const secret = request.cookies[sessionCookieName(app.config)] ?? '';
      let accountIds = await getEventAccountIds(app, session.userId);
      const raw = reply.raw;
      reply.hijack();
      // Hijacked, so no onSend hook adds the headers every response carries: they go here.
      raw.writeHead(200, {
        ...streamSecurityHeaders,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // nginx would otherwise buffer the stream and deliver events late.
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      // Draining: only the hint to go elsewhere (a 503 would make the browser give up).
      if (app.drain.isDraining) return void raw.end(drainRetryHint());
      write(raw, `retry: ${RECONNECT_HINT_MS}\n\n`);
      open.add(raw);

      // Every event after `seen` is still to be looked at; the stream is current up to it.
      let seen = 0;
      let catchingUp: { id: number; event: LiveEvent }[] | undefined = [];
      const pass = (event: LiveEvent, id: number) => {
        if (id <= seen) return;
        seen = id;
        if (accountIds.has(event.account_id)) write(raw, formatEvent(id, event.type, event));
      };
      // Subscribed before anything is read: an event stored meanwhile waits here, and the
      // replay below and these overlap rather than leave a gap; `seen` drops the doubles.
      const unsubscribe = app.events.subscribe((event, id) => {
        if (catchingUp) catchingUp.push({ id, event });
        else pass(event, id);
      });
      // Each beat also re-checks the session and the memberships: a logout or a removal
      // from an account ends or narrows the stream within one interval.
      const heartbeat = setInterval(() => {
        void (async () => {
          const live = await findLiveSessionBySecret(app.db, secret, app.clock.now());
          if (!live) return raw.end();
          accountIds = await getEventAccountIds(app, session.userId);
          write(raw, syncEvent(seen));
        })().catch(() => raw.end());
      }, HEARTBEAT_MS);
      raw.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(raw);
      });

      try {
        const position = await app.events.position();
        const lastEventId = request.headers['last-event-id'] ?? request.query.last_event_id;
        const missed: MissedEvents =
          lastEventId === undefined
            ? { events: [], after: position }
            : await findMissedEvents(app, [...accountIds], lastEventId);
        if ('reset' in missed) {
          write(raw, formatEvent(undefined, liveStreamEvents.reset, { reason: missed.reset }));
          seen = position;
        } else {
          seen = missed.after;
          for (const { id, event } of missed.events) pass(event, id);
        }
        // Whatever arrived meanwhile, then the live ones as they come.
        const arrived = catchingUp;
        catchingUp = undefined;
        for (const { id, event } of arrived) pass(event, id);
        seen = Math.max(seen, position);
        write(raw, syncEvent(seen));
      } catch (error) {
        request.log.warn({ err: error }, 'live events not replayed');
        raw.end();
      }
    },
  );
};
