import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import type { RegisteredRoute } from './plugins/session.ts';
import { createLoggedInUser, type CreatedUser, type LoggedIn } from './test/factories.ts';
import { createTestApp, testEngines, type TestApp } from './test/helper.ts';
import { createTestProvider } from './test/mailbox.ts';
import { createAccessToken } from './modules/access-tokens/access-tokens.service.ts';
import { addDays, dayIn } from './modules/invoices/invoice-status.ts';

const ERROR_LEVEL = 50;
/** Requests in flight at once: enough to overlap database waits, few enough for 2 cores. */
const BATCH = 8;
/** A value of the right shape for the parameters not under attack. */
const PLAIN_ID = '01JD0000000000000000000000';

/**
 * Hostile values for one path parameter, as they appear in the URL: past the router's
 * 100-character limit, broken percent-encoding, dot segments, NUL, other scripts, bidi
 * controls, and nothing at all.
 */
const HOSTILE_PARAMS: Record<string, string> = {
  'long 101': 'x'.repeat(101),
  'long 1000': 'x'.repeat(1000),
  'long 10000': 'x'.repeat(10_000),
  'encoded long 101': '%41'.repeat(101),
  'broken %zz': '%zz',
  'broken %': 'a%',
  'truncated utf-8': '%E0%A4%A',
  'overlong utf-8': '%C0%AE%C0%AE',
  'dot dot': '..',
  'encoded dot dot': '%2e%2e',
  'encoded dot dot slash': '..%2f..%2f..%2fetc%2fpasswd',
  'encoded backslash': '..%5c..%5cwindows',
  NUL: '%00',
  'NUL inside': 'a%00b',
  unicode: encodeURIComponent('Rechnung-ä-ß-😀-数字'),
  'bidi control': encodeURIComponent('abc\u202Efdp.exe'),
  'lone surrogate': '%ED%A0%80',
  empty: '',
};

/** A pino line as written to the capturing stream. */
interface LogLine {
  level: number;
  msg?: string;
  err?: { stack?: string };
}

function isLogLine(value: unknown): value is LogLine {
  return typeof value === 'object' && value !== null && 'level' in value;
}

/** Every route with a path parameter or a wildcard (HEAD answers as GET does, without a body). */
function routesWithParams(app: FastifyInstance): RegisteredRoute[] {
  return app.routeTable.filter(
    (route) => route.method !== 'HEAD' && (route.url.includes('/:') || route.url.endsWith('*')),
  );
}

/** The route's URL with `hostile` as its `index`-th parameter and a plain id as the others. */
function urlWith(route: RegisteredRoute, index: number, hostile: string): string {
  let position = -1;
  return route.url.replace(/:[A-Za-z_]+|\*$/g, () => {
    position += 1;
    return position === index ? hostile : PLAIN_ID;
  });
}

function paramCount(route: RegisteredRoute): number {
  return route.url.match(/:[A-Za-z_]+|\*$/g)?.length ?? 0;
}

/**
 * What a request must get: never a 5xx; from the API a 4xx with `{ code, message }`. Pages
 * outside /api (the test bank) answer people with HTML. A bare `..` is resolved by the URL
 * parser before the request is sent, so it may reach another route; a wildcard names a
 * static file, and `''` or `%2e%2e` name the folder of the docs UI, which is its page.
 */
function isExpectedAnswer(route: RegisteredRoute, kind: string, response: LightMyRequestResponse) {
  if (response.statusCode >= 500) return false;
  if (!route.url.startsWith('/api/')) return true;
  const mayReachAPage = kind === 'dot dot' || route.url.endsWith('*');
  if (mayReachAPage && response.statusCode < 400) return true;
  return response.statusCode >= 400 && hasErrorBody(response);
}

function hasErrorBody(response: LightMyRequestResponse): boolean {
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return false;
  }
  return (
    typeof body === 'object' &&
    body !== null &&
    'code' in body &&
    typeof body.code === 'string' &&
    'message' in body &&
    typeof body.message === 'string' &&
    body.message !== ''
  );
}

describe.each(testEngines)('hostile path parameters on every route (%s)', (engine) => {
  let t: TestApp;
  /** The app under test, with a logger we read: no client mistake may be logged as an error. */
  let app: FastifyInstance;
  const logs: LogLine[] = [];
  let me: CreatedUser & LoggedIn;
  let apiKey: string;
  let accessToken: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const logger = {
      level: 'warn',
      stream: {
        write: (line: string) => {
          const parsed: unknown = JSON.parse(line);
          if (isLogLine(parsed)) logs.push(parsed);
        },
      },
    };
    app = await buildApp({
      config: t.config,
      db: t.handle.db,
      engine: t.handle.engine,
      clock: t.clock,
      mailer: t.mailer,
      logger,
    });
    await app.ready();
    me = await createLoggedInUser(app);
    ({ apiKey } = await createTestProvider(app, { name: 'Stadtwerke' }));
    const expiresOn = addDays(dayIn(t.clock.now(), t.config.timeZone), 30);
    ({ token: accessToken } = await createAccessToken(
      app,
      me.user.id,
      { name: 'Attacks', scope: 'read_mark_read', expires_on: expiresOn },
      { ipAddress: '127.0.0.1', userAgent: 'test' },
    ));
  });

  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  /** Anonymous always; with the credentials the route asks for when it asks for some. */
  function callersOf(route: RegisteredRoute): Record<string, Record<string, string>> {
    const origin = { origin: t.config.publicUrl };
    const anonymous = { anonymous: origin };
    if (route.auth === 'session') return { ...anonymous, user: { ...origin, ...me.headers } };
    if (route.auth === 'api-key') {
      return { ...anonymous, provider: { authorization: `Bearer ${apiKey}` } };
    }
    if (route.auth === 'access-token') {
      return { ...anonymous, person: { authorization: `Bearer ${accessToken}` } };
    }
    return anonymous;
  }

  it('finds the routes to attack', () => {
    const routes = routesWithParams(app);
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.map((route) => route.url)).toContain('/api/letters/:id/unread');
  });

  it('answers every hostile parameter with a 4xx and the error body, never a 5xx', async () => {
    const attacks: { name: string; isExpected: (response: LightMyRequestResponse) => boolean }[] =
      [];
    const requests: (() => Promise<LightMyRequestResponse>)[] = [];
    for (const route of routesWithParams(app)) {
      for (const [caller, headers] of Object.entries(callersOf(route))) {
        for (let index = 0; index < paramCount(route); index += 1) {
          for (const [kind, value] of Object.entries(HOSTILE_PARAMS)) {
            const url = urlWith(route, index, value);
            attacks.push({
              name: `${route.method} ${route.url} #${index} ${kind} as ${caller}`,
              isExpected: (response) => isExpectedAnswer(route, kind, response),
            });
            requests.push(() => app.inject({ method: route.method, url, headers }));
          }
        }
      }
    }
    const failures: string[] = [];
    for (let start = 0; start < attacks.length; start += BATCH) {
      const responses = await Promise.all(
        requests.slice(start, start + BATCH).map((send) => send()),
      );
      responses.forEach((response, offset) => {
        const attack = attacks[start + offset];
        if (!attack || attack.isExpected(response)) return;
        failures.push(`${attack.name}: ${response.statusCode} ${response.body.slice(0, 100)}`);
      });
    }
    expect(failures).toEqual([]);
    expect(attacks.length).toBeGreaterThan(1000);
  }, 120_000);

  it('logged none of these client mistakes as an error', () => {
    const errors = logs.filter((line) => line.level >= ERROR_LEVEL);
    expect([...new Set(errors.map((line) => line.msg))]).toEqual([]);
  });
});
