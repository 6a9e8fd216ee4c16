import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Config } from '../config/env.ts';
import { AppError } from './app-error.ts';
import { findLiveSessionBySecret, markSessionSeen, type SessionRow } from './session-store.ts';

/**
 * How a route authenticates, set in its route `config.auth`:
 * - `session` (the default for /api): the session cookie, plus the CSRF header on writes;
 * - `public`: nobody needs to be logged in (login, password reset, health);
 * - `api-key`: the Sender API; its module checks the provider key in its own onRequest hook;
 * - `access-token`: the personal API; its module checks the personal access token likewise.
 */
export type AuthMode = 'public' | 'session' | 'api-key' | 'access-token';

export interface RequestSession {
  /** Public id, the client's login token. */
  id: string;
  userId: string;
  csrfToken: string;
  createdAt: Date;
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  auth: AuthMode;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthMode;
  }
  interface FastifyRequest {
    session: RequestSession | null;
  }
  interface FastifyInstance {
    /** Every route with its auth mode, so tests can walk them all. */
    routeTable: RegisteredRoute[];
  }
}

const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const CSRF_HEADER = 'x-csrf-token';
/** last_seen_at is written at most this often, not on every request. */
const SEEN_RESOLUTION_MS = 60_000;

export function sessionCookieName(config: Pick<Config, 'isHttps'>): string {
  return config.isHttps ? '__Host-kuvert_session' : 'kuvert_session';
}

export function setSessionCookie(reply: FastifyReply, config: Config, secret: string): void {
  reply.setCookie(sessionCookieName(config), secret, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: config.isHttps,
    maxAge: config.sessionAbsoluteSeconds,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(sessionCookieName(config), {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: config.isHttps,
  });
}

/** The session of a `session` route's request; the hook guarantees one exists. */
export function requireSession(request: FastifyRequest): RequestSession {
  if (!request.session) throw new AppError('UNAUTHENTICATED');
  return request.session;
}

export function isStateChanging(method: string): boolean {
  return STATE_CHANGING_METHODS.has(method);
}

function defaultAuthFor(url: string): AuthMode {
  const isApi = url === '/api' || url.startsWith('/api/');
  const isDocs = url === '/api/docs' || url.startsWith('/api/docs/');
  return isApi && !isDocs ? 'session' : 'public';
}

export function toRequestSession(row: SessionRow): RequestSession {
  return {
    id: row.id,
    userId: row.user_id,
    csrfToken: row.csrf_token,
    createdAt: new Date(row.created_at),
    idleExpiresAt: new Date(row.idle_expires_at),
    absoluteExpiresAt: new Date(row.absolute_expires_at),
  };
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

function isSameSecret(given: string, expected: string): boolean {
  // Comparing digests keeps the comparison constant-time whatever the lengths.
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * The origin the browser reached this server at. A page on `http://127.0.0.1:3000` or the
 * machine's LAN address while PUBLIC_URL says `localhost` is still the same site, and must
 * work: the addresses the start-up log prints are the ones a person opens. A page elsewhere
 * that names this host (DNS rebinding) gets nothing from it: the session cookie belongs to
 * the host it was set for, and every write with a session still needs its CSRF token.
 */
function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * Cross-site requests are refused before anything else: a browser always sends `Origin` on
 * writes it makes from a page, and `Sec-Fetch-Site` where it knows the initiator. Clients
 * that send neither (curl, server-to-server) are not browsers and cannot ride a cookie.
 */
function assertSameOrigin(request: FastifyRequest, expectedOrigin: string): void {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    if (origin !== expectedOrigin && origin !== ownOrigin(request)) {
      throw new AppError('ORIGIN_REJECTED');
    }
    return;
  }
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') {
    throw new AppError('ORIGIN_REJECTED');
  }
}

function assertCsrfToken(request: FastifyRequest, session: RequestSession): void {
  const header = request.headers[CSRF_HEADER];
  if (typeof header !== 'string' || !isSameSecret(header, session.csrfToken)) {
    throw new AppError('CSRF_FAILED');
  }
}

export async function registerSessions(app: FastifyInstance): Promise<void> {
  const expectedOrigin = new URL(app.config.publicUrl).origin;
  const cookieName = sessionCookieName(app.config);
  const routeTable: RegisteredRoute[] = [];

  app.decorate('routeTable', routeTable);
  app.decorateRequest('session', null);

  app.addHook('onRoute', (route: RouteOptions) => {
    const auth = route.config?.auth ?? defaultAuthFor(route.url);
    route.config = { ...route.config, auth };
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routeTable.push({ method, url: route.url, auth });
  });

  app.addHook('onRequest', async (request) => {
    if (isStateChanging(request.method)) assertSameOrigin(request, expectedOrigin);
    if (request.is404) return;
    // Fail closed: a route that somehow lacks a mode needs a session.
    const auth = request.routeOptions.config.auth ?? 'session';
    if (auth !== 'session') return;

    const secret = request.cookies[cookieName];
    const now = app.clock.now();
    const row = secret ? await findLiveSessionBySecret(app.db, secret, now) : undefined;
    if (!row) throw new AppError('UNAUTHENTICATED');
    const session = toRequestSession(row);
    if (isStateChanging(request.method)) assertCsrfToken(request, session);
    request.session = session;
    if (now.getTime() - Date.parse(row.last_seen_at) > SEEN_RESOLUTION_MS) {
      await markSessionSeen(app.db, row.id, now);
    }
  });
}
