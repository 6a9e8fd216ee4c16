import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityStatusSchema } from '@kuvert/shared/identity';
import { createLoggedInUser, login } from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import {
  completeVerification,
  completionOf,
  freePort,
  startVerification,
  SUBSTANTIAL,
  TestBrowser,
  type SessionHeaders,
} from '../../test/identity.ts';
import { pruneIdentityProcesses } from './identity-process-cleanup.ts';

describe.each(testEngines)(
  'identity verification with the built-in test provider (%s)',
  (engine) => {
    let t: TestApp;
    let base: string;
    let returnPrefix: string;

    beforeAll(async () => {
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      returnPrefix = `${base}/verify/id_process_id/`;
      t = await createTestApp(engine, { PUBLIC_URL: base });
      await t.app.listen({ port, host: '127.0.0.1' });
    });
    afterAll(async () => t.close());

    /** Starts, opens the test provider's page and submits `form` there; the return address. */
    async function answerAtTestIdp(
      headers: SessionHeaders,
      form: Record<string, string>,
    ): Promise<{ returnUrl: string; page: string; browser: TestBrowser }> {
      const authorizationUrl = await startVerification(t.app, headers);
      const browser = new TestBrowser();
      const opened = await browser.follow(
        { url: authorizationUrl, response: await browser.request(authorizationUrl) },
        returnPrefix,
      );
      if (!opened.response) throw new Error('the provider sent the browser back without a page');
      expect(opened.response.status).toBe(200);
      expect(opened.url).toMatch(new RegExp(`^${base}/test-idp/interaction/`));
      const page = await opened.response.text();
      const submitted = await browser.request(opened.url, { method: 'POST', form, origin: base });
      const back = await browser.follow({ url: opened.url, response: submitted }, returnPrefix);
      if (back.response)
        throw new Error(`no way back: ${back.response.status} ${await back.response.text()}`);
      return { returnUrl: back.url, page, browser };
    }

    async function identityOf(headers: SessionHeaders) {
      const response = await t.app.inject({ url: '/api/profile/identity', headers });
      expect(response.statusCode).toBe(200);
      return identityStatusSchema.parse(response.json()).identity;
    }

    it('verifies a picked test identity end to end and the profile answers it', async () => {
      const user = await createLoggedInUser(t.app);
      expect(await identityOf(user.headers)).toBeNull();

      const { returnUrl, page } = await answerAtTestIdp(user.headers, {
        choice: 'preset-0',
        acr: SUBSTANTIAL,
      });
      expect(page).toContain('TEST identity provider — no real person is checked.');
      expect(page).toContain('Erika Mustermann');
      expect(returnUrl.startsWith(returnPrefix)).toBe(true);
      // No dot in the last segment: the web app's server would take it for a file.
      expect(new URL(returnUrl).pathname).not.toContain('.');
      const answer = completionOf(returnUrl, returnPrefix);
      expect(answer.code).toBeTruthy();
      expect(answer.state).toBeTruthy();

      const completed = await completeVerification(t.app, user.headers, answer);
      expect(completed.statusCode).toBe(200);
      const identity = await identityOf(user.headers);
      expect(identity).toMatchObject({
        issuer: `${base}/test-idp`,
        name: 'Erika Mustermann',
        birth_date: '1964-08-12',
        acr: SUBSTANTIAL,
        is_test: true,
      });
      expect(identityStatusSchema.parse(completed.json()).identity).toEqual(identity);

      const events = await t.app.inject({
        url: '/api/profile/audit-events',
        headers: user.headers,
      });
      expect(events.json().events.map((event: { type: string }) => event.type)).toContain(
        'identity_verified',
      );
    });

    it('shows the test provider in German, plainly labelled, under a strict CSP', async () => {
      const user = await createLoggedInUser(t.app, { language: 'de' });
      const authorizationUrl = await startVerification(t.app, user.headers);
      expect(new URL(authorizationUrl).searchParams.get('ui_locales')).toBe('de');
      expect(new URL(authorizationUrl).searchParams.get('code_challenge_method')).toBe('S256');
      const browser = new TestBrowser();
      const opened = await browser.follow(
        { url: authorizationUrl, response: await browser.request(authorizationUrl) },
        returnPrefix,
      );
      expect(opened.response?.headers.get('content-security-policy')).toContain(
        "default-src 'none'",
      );
      const page = (await opened.response?.text()) ?? '';
      expect(page).toContain('<html lang="de">');
      expect(page).toContain('TEST-Identitätsanbieter — es wird keine echte Person geprüft.');

      // A typed identity that is not one: the page says so and keeps what was typed, escaped.
      const refused = await browser.request(opened.url, {
        method: 'POST',
        origin: base,
        form: { choice: 'typed', given_name: '<b>Eve</b>', family_name: '', birthdate: '' },
      });
      expect(refused.status).toBe(422);
      const again = await refused.text();
      expect(again).toContain('&lt;b&gt;Eve&lt;/b&gt;');
      expect(again).not.toContain('<b>Eve</b>');
      expect(again).toContain('Geben Sie einen Vornamen');
    });

    it('verifies a typed test identity', async () => {
      const user = await createLoggedInUser(t.app);
      const { returnUrl } = await answerAtTestIdp(user.headers, {
        choice: 'typed',
        acr: 'http://eidas.europa.eu/LoA/high',
        given_name: 'Jürgen',
        family_name: 'Groß',
        birthdate: '1971-02-03',
      });
      const completed = await completeVerification(
        t.app,
        user.headers,
        completionOf(returnUrl, returnPrefix),
      );
      expect(completed.statusCode).toBe(200);
      expect(await identityOf(user.headers)).toMatchObject({
        name: 'Jürgen Groß',
        birth_date: '1971-02-03',
        acr: 'http://eidas.europa.eu/LoA/high',
      });
    });

    it('refuses a replayed answer and keeps the identity as it was', async () => {
      const user = await createLoggedInUser(t.app);
      const { returnUrl } = await answerAtTestIdp(user.headers, { choice: 'preset-1' });
      const answer = completionOf(returnUrl, returnPrefix);
      expect((await completeVerification(t.app, user.headers, answer)).statusCode).toBe(200);
      const before = await identityOf(user.headers);

      const replayed = await completeVerification(t.app, user.headers, answer);
      expect(replayed.statusCode).toBe(409);
      expect(replayed.json().code).toBe('IDENTITY_PROCESS_USED');
      expect(await identityOf(user.headers)).toEqual(before);
    });

    it('refuses a wrong state, stores nothing, and the process cannot be completed after it', async () => {
      const user = await createLoggedInUser(t.app);
      const { returnUrl } = await answerAtTestIdp(user.headers, { choice: 'preset-0' });
      const answer = completionOf(returnUrl, returnPrefix);

      const forged = await completeVerification(t.app, user.headers, {
        ...answer,
        state: 'forged',
      });
      expect(forged.statusCode).toBe(400);
      expect(forged.json().code).toBe('IDENTITY_RESPONSE_INVALID');
      expect(await identityOf(user.headers)).toBeNull();

      const late = await completeVerification(t.app, user.headers, answer);
      expect(late.json().code).toBe('IDENTITY_PROCESS_USED');
      expect(await identityOf(user.headers)).toBeNull();
    });

    it('refuses an expired process (over 10 minutes)', async () => {
      const user = await createLoggedInUser(t.app);
      const { returnUrl } = await answerAtTestIdp(user.headers, { choice: 'preset-0' });
      t.clock.advanceSeconds(10 * 60 + 1);
      const expired = await completeVerification(
        t.app,
        user.headers,
        completionOf(returnUrl, returnPrefix),
      );
      expect(expired.statusCode).toBe(410);
      expect(expired.json().code).toBe('IDENTITY_PROCESS_EXPIRED');
      expect(await identityOf(user.headers)).toBeNull();
    });

    it('forgets processes a day after they expired', async () => {
      const user = await createLoggedInUser(t.app);
      const { returnUrl } = await answerAtTestIdp(user.headers, { choice: 'preset-0' });
      t.clock.advanceSeconds(10 * 60 + 24 * 3600 + 1);
      expect(await pruneIdentityProcesses(t.app)).toBeGreaterThan(0);
      // The person logs in again (the session did not last a day) and comes back too late.
      const again = await login(t.app, user.email, user.password);
      const late = await completeVerification(
        t.app,
        again.headers,
        completionOf(returnUrl, returnPrefix),
      );
      expect(late.json().code).toBe('IDENTITY_RESPONSE_INVALID');
    });

    it('says so when the person cancels at the provider', async () => {
      const user = await createLoggedInUser(t.app);
      const { returnUrl } = await answerAtTestIdp(user.headers, { choice: 'cancel' });
      const answer = completionOf(returnUrl, returnPrefix);
      expect(answer.error).toBe('access_denied');
      const cancelled = await completeVerification(t.app, user.headers, answer);
      expect(cancelled.statusCode).toBe(400);
      expect(cancelled.json().code).toBe('IDENTITY_CANCELLED');
      expect(await identityOf(user.headers)).toBeNull();
    });

    it('binds one external identity to one user only', async () => {
      const person = {
        choice: 'typed',
        given_name: 'Once',
        family_name: `Only ${engine} ${Date.now()}`,
        birthdate: '1980-05-06',
      };
      const first = await createLoggedInUser(t.app);
      const firstAnswer = await answerAtTestIdp(first.headers, person);
      const completed = await completeVerification(
        t.app,
        first.headers,
        completionOf(firstAnswer.returnUrl, returnPrefix),
      );
      expect(completed.statusCode).toBe(200);

      const second = await createLoggedInUser(t.app);
      const secondAnswer = await answerAtTestIdp(second.headers, person);
      const taken = await completeVerification(
        t.app,
        second.headers,
        completionOf(secondAnswer.returnUrl, returnPrefix),
      );
      expect(taken.statusCode).toBe(409);
      expect(taken.json().code).toBe('IDENTITY_TAKEN');
      expect(await identityOf(second.headers)).toBeNull();
      expect((await identityOf(first.headers))?.name).toBe(`Once ${person.family_name}`);
    });

    it("refuses another user's answer and a return address Kuvert did not sign", async () => {
      const owner = await createLoggedInUser(t.app);
      const other = await createLoggedInUser(t.app);
      const { returnUrl } = await answerAtTestIdp(owner.headers, { choice: 'preset-2' });
      const answer = completionOf(returnUrl, returnPrefix);

      const stolen = await completeVerification(t.app, other.headers, answer);
      expect(stolen.json().code).toBe('IDENTITY_RESPONSE_INVALID');
      const [processId] = (answer.data ?? '').split('~');
      const unsigned = await completeVerification(t.app, owner.headers, {
        ...answer,
        data: `${processId}~AAAA`,
      });
      expect(unsigned.json().code).toBe('IDENTITY_RESPONSE_INVALID');
      expect(await identityOf(other.headers)).toBeNull();
      // Neither used the process up: its owner still completes it.
      expect((await completeVerification(t.app, owner.headers, answer)).statusCode).toBe(200);
    });

    it('serves the test provider with PKCE required and the portal’s security headers', async () => {
      const discovery = await fetch(`${base}/test-idp/.well-known/openid-configuration`);
      expect(discovery.status).toBe(200);
      const metadata: unknown = await discovery.json();
      expect(metadata).toMatchObject({
        issuer: `${base}/test-idp`,
        code_challenge_methods_supported: ['S256'],
        authorization_endpoint: `${base}/test-idp/auth`,
      });
      expect(discovery.headers.get('x-content-type-options')).toBe('nosniff');
      expect(discovery.headers.get('content-security-policy')).toContain("default-src 'none'");

      // An authorization request without PKCE is refused, on the provider's labelled page.
      const noPkce = await fetch(
        `${base}/test-idp/auth?${new URLSearchParams({
          client_id: 'kuvert-portal',
          response_type: 'code',
          scope: 'openid',
          redirect_uri: `${returnPrefix}x`,
        }).toString()}`,
        { redirect: 'manual' },
      );
      const location = noPkce.headers.get('location') ?? '';
      expect(location).toContain('error=invalid_request');
      expect(location).toContain('requires+PKCE');

      // A return address elsewhere is not one: the provider says so itself and sends nobody there.
      const elsewhere = await fetch(
        `${base}/test-idp/auth?${new URLSearchParams({
          client_id: 'kuvert-portal',
          response_type: 'code',
          scope: 'openid',
          redirect_uri: 'https://evil.example/verify/id_process_id/x',
          code_challenge: 'a'.repeat(43),
          code_challenge_method: 'S256',
        }).toString()}`,
        { redirect: 'manual' },
      );
      expect(elsewhere.status).toBe(400);
      expect(elsewhere.headers.get('location')).toBeNull();
      expect(await elsewhere.text()).toContain('TEST identity provider');
    });

    it('needs a session', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/identity/verifications' });
      expect(response.statusCode).toBe(401);
    });
  },
);
