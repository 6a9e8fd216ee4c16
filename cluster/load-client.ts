/**
 * Clients of a Kuvert cluster that behave as real ones do when an instance dies: a request that
 * failed without an answer (or with the load balancer's 502/503/504) is sent again, a
 * provider's delivery with the same Idempotency-Key, an upload from the offset the server
 * has, a live-event stream from its Last-Event-ID. Each counts what it did, for the figures.
 */

export interface LoadFigures {
  requests: number;
  /** Requests sent again after a failure the client's own retry covers. */
  retries: number;
  /** Failures no retry covered: each one fails the test. */
  errors: string[];
  /** When each failed attempt happened (ms since the epoch), to measure the recovery. */
  failedAt: number[];
}

export function newFigures(): LoadFigures {
  return { requests: 0, retries: 0, errors: [], failedAt: [] };
}

const RETRYABLE_STATUSES = new Set([502, 503, 504]);
const MAX_ATTEMPTS = 8;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends the request made by `build` until it is answered by an instance; answers the last
 * response. `isRetryable` may widen what counts as "not answered" (a delivery whose first
 * attempt is still holding its key answers 409).
 */
export async function fetchWithRetry(
  figures: LoadFigures,
  label: string,
  build: () => { url: string; init: RequestInit },
  isRetryable: (response: Response, body: string) => boolean = () => false,
): Promise<{ response: Response; body: string } | undefined> {
  let lastProblem = '';
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    if (attempt > 1) {
      figures.retries += 1;
      await sleep(100 * attempt);
    }
    figures.requests += 1;
    const { url, init } = build();
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
      const body = await response.text();
      if (!RETRYABLE_STATUSES.has(response.status) && !isRetryable(response, body)) {
        return { response, body };
      }
      lastProblem = `${response.status} ${body.slice(0, 200)}`;
    } catch (error) {
      lastProblem = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    }
    figures.failedAt.push(Date.now());
  }
  figures.errors.push(`${label}: no answer after ${MAX_ATTEMPTS} attempts (${lastProblem})`);
  return undefined;
}

/** The session cookie's `name=value` from a login's answer. */
export function sessionCookieOf(response: Response): string {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('kuvert_session='));
  if (!cookie) throw new Error('the login set no session cookie');
  return cookie.split(';')[0] ?? '';
}

export interface Session {
  cookie: string;
  csrfToken: string;
}

export async function logIn(
  baseUrl: string,
  figures: LoadFigures,
  credentials: { email: string; password: string },
): Promise<Session | undefined> {
  const answer = await fetchWithRetry(figures, 'login', () => ({
    url: `${baseUrl}/api/auth/login`,
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify(credentials),
    },
  }));
  if (!answer) return undefined;
  if (answer.response.status !== 200) {
    figures.errors.push(`login: ${answer.response.status} ${answer.body.slice(0, 200)}`);
    return undefined;
  }
  const parsed: unknown = JSON.parse(answer.body);
  const csrfToken =
    typeof parsed === 'object' && parsed !== null && 'csrf_token' in parsed
      ? String(parsed.csrf_token)
      : '';
  return { cookie: sessionCookieOf(answer.response), csrfToken };
}

/**
 * A browser's EventSource, by hand: reads `id:` lines, and when the stream ends or breaks,
 * reconnects (through the load balancer) with the last id it saw.
 */
export class LiveEventClient {
  /** Ids of the events received (not the `sync` beats), in order. */
  readonly eventIds: number[] = [];
  /** The first position the stream reported: every event after it must arrive. */
  startId: number | undefined;
  reconnects = 0;
  private lastId: number | undefined;
  private readonly controller = new AbortController();
  private running: Promise<void> | undefined;

  private readonly baseUrl: string;
  private readonly cookie: string;

  constructor(baseUrl: string, cookie: string) {
    this.baseUrl = baseUrl;
    this.cookie = cookie;
  }

  /** The last id seen, a beat's included (0 before the first). */
  lastEventId(): number {
    return this.lastId ?? 0;
  }

  start(): void {
    this.running = this.run();
  }

  async stop(): Promise<void> {
    this.controller.abort();
    await this.running;
  }

  private async run(): Promise<void> {
    while (!this.controller.signal.aborted) {
      try {
        await this.readOnce();
      } catch {
        // The instance died or the stream broke: reconnect, as EventSource does.
      }
      if (this.controller.signal.aborted) return;
      this.reconnects += 1;
      await sleep(250);
    }
  }

  private async readOnce(): Promise<void> {
    const headers: Record<string, string> = { cookie: this.cookie, accept: 'text/event-stream' };
    if (this.lastId !== undefined) headers['last-event-id'] = String(this.lastId);
    const response = await fetch(`${this.baseUrl}/api/events`, {
      headers,
      signal: this.controller.signal,
    });
    if (!response.ok || !response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body) {
      buffer += decoder.decode(chunk, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end !== -1) {
        this.readEvent(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
      }
    }
  }

  private readEvent(text: string): void {
    const fields = new Map<string, string>();
    for (const line of text.split('\n')) {
      const colon = line.indexOf(':');
      if (colon > 0) fields.set(line.slice(0, colon), line.slice(colon + 1).trim());
    }
    const id = fields.get('id');
    if (id === undefined) return;
    const number = Number(id);
    if (fields.get('event') === 'sync') {
      this.startId ??= number;
    } else {
      this.eventIds.push(number);
    }
    this.lastId = number;
  }
}
