import { createServer } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { startVerificationResponseSchema } from '@kuvert/shared/identity';

/*
 * A browser, as far as identity verification needs one: it follows redirects itself over real
 * HTTP, keeps cookies (by name: the test providers' cookies differ in name), and stops at
 * Kuvert's return leg, which is the web app's page and not the server's.
 */

export class TestBrowser {
  readonly cookies = new Map<string, string>();

  #cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(
    url: string,
    init: { method?: string; form?: Record<string, string>; origin?: string } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { cookie: this.#cookieHeader() };
    if (init.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    if (init.origin) headers.origin = init.origin;
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      headers,
      redirect: 'manual',
      ...(init.form ? { body: new URLSearchParams(init.form).toString() } : {}),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const separator = pair?.indexOf('=') ?? -1;
      if (!pair || separator < 0) continue;
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /**
   * Follows redirects from `response` until a page answers or the next address starts with
   * `stopAt`: then that address, not fetched.
   */
  async follow(
    from: { url: string; response: Response },
    stopAt: string,
  ): Promise<{ url: string; response?: Response }> {
    let { url, response } = from;
    for (let hop = 0; hop < 10; hop += 1) {
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return { url, response };
      url = new URL(location, url).href;
      if (url.startsWith(stopAt)) return { url };
      response = await this.request(url);
    }
    throw new Error(`too many redirects, last ${url}`);
  }
}

/** A logged-in user's headers (`LoggedIn.headers`). */
export type SessionHeaders = Record<string, string>;

export async function startVerification(
  app: FastifyInstance,
  headers: SessionHeaders,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/identity/verifications',
    headers,
  });
  if (response.statusCode !== 200) {
    throw new Error(`start failed: ${response.statusCode} ${response.body}`);
  }
  return startVerificationResponseSchema.parse(response.json()).authorization_url;
}

/** What the return page sends: `data` from the path, the provider's answer from the query. */
export function completionOf(returnUrl: string, prefix: string): Record<string, string> {
  const url = new URL(returnUrl);
  const data = decodeURIComponent(url.pathname.slice(new URL(prefix).pathname.length));
  const body: Record<string, string> = { data };
  for (const name of ['code', 'state', 'iss', 'error']) {
    const value = url.searchParams.get(name);
    if (value !== null) body[name] = value;
  }
  return body;
}

export function completeVerification(
  app: FastifyInstance,
  headers: SessionHeaders,
  body: Record<string, string>,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/identity/verifications/complete',
    headers,
    payload: body,
  });
}

/** A port nobody listens on, for an app that must answer real HTTP (the provider's redirects). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export const SUBSTANTIAL = 'http://eidas.europa.eu/LoA/substantial';

/**
 * At the built-in test provider of the app listening at `base`: opens `authorizationUrl`,
 * picks a test identity (`preset-0`: Erika Mustermann, `preset-1`: Max, `preset-2`: Anna) and
 * answers the return address of Kuvert.
 */
export async function answerAtTestIdp(
  authorizationUrl: string,
  base: string,
  choice = 'preset-0',
): Promise<string> {
  const returnPrefix = `${base}/verify/`;
  const browser = new TestBrowser();
  const opened = await browser.follow(
    { url: authorizationUrl, response: await browser.request(authorizationUrl) },
    returnPrefix,
  );
  if (!opened.response) throw new Error('the provider sent the browser back without a page');
  const submitted = await browser.request(opened.url, {
    method: 'POST',
    form: { choice, acr: SUBSTANTIAL },
    origin: base,
  });
  const back = await browser.follow({ url: opened.url, response: submitted }, returnPrefix);
  if (back.response) throw new Error(`no way back: ${back.response.status}`);
  return back.url;
}

/** The profile's verification of a logged-in user, as a browser does it; the completion. */
export async function verifyAtTestIdp(
  app: FastifyInstance,
  base: string,
  headers: SessionHeaders,
  choice = 'preset-0',
): Promise<LightMyRequestResponse> {
  const returnUrl = await answerAtTestIdp(await startVerification(app, headers), base, choice);
  return completeVerification(
    app,
    headers,
    completionOf(returnUrl, `${base}/verify/id_process_id/`),
  );
}
