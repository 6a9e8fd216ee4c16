import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { Provider } from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityStatusSchema } from '@kuvert/shared/identity';
import { createLoggedInUser } from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { memoryAdapterFactory, TestIdpStore } from '../../test/oidc-memory-adapter.ts';
import {
  completeVerification,
  completionOf,
  startVerification,
  TestBrowser,
} from '../../test/identity.ts';

/*
 * The real-provider path: a separately started oidc-provider on a port of its own, configured
 * as Kuvert's issuer through the environment, exactly as an operator configures a broker.
 * It signs the person in without a page (this test is about Kuvert, not about its pages) and
 * answers the assurance level Kuvert asks for with acr_values.
 */

const CLIENT_ID = 'kuvert-at-broker';
const CLIENT_SECRET = 'a-client-secret-of-32-characters!';
const RETURN_PREFIX = 'http://localhost:3000/verify/id_process_id/';
const LEVEL = 'urn:example:eid:high';

const person = { given_name: 'Jane', family_name: 'Doe', birthdate: '1980-01-02', nickname: 'J' };

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function startBroker(): Promise<{ issuer: string; close(): Promise<void> }> {
  const server = createServer();
  const port = await listen(server);
  const issuer = `http://127.0.0.1:${port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    adapter: memoryAdapterFactory(new TestIdpStore()),
    ttl: {
      AuthorizationCode: 60,
      AccessToken: 60,
      IdToken: 60,
      Interaction: 60,
      Session: 60,
      Grant: 60,
    },
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [RETURN_PREFIX],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), use: 'sig' }] },
    cookies: { keys: ['broker cookie key'] },
    pkce: { required: () => true },
    acrValues: [LEVEL],
    claims: { openid: ['sub'], profile: ['given_name', 'family_name', 'birthdate', 'nickname'] },
    features: { devInteractions: { enabled: false } },
    interactions: {
      url: (_context: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    findAccount: (_context: unknown, accountId: string) => ({
      accountId,
      claims: async () => ({ sub: accountId, ...person }),
    }),
  });
  provider.Client.prototype.redirectUriAllowed = (value: string) => value.startsWith(RETURN_PREFIX);
  const callback = provider.callback();
  server.on('request', (request, response) => {
    if (!request.url?.startsWith('/interaction/')) {
      callback(request, response);
      return;
    }
    void (async () => {
      const interaction = await provider.interactionDetails(request, response);
      const grant = new provider.Grant({
        accountId: 'broker-person-1',
        clientId: String(interaction.params.client_id),
      });
      grant.addOIDCScope(String(interaction.params.scope));
      const acr = interaction.params.acr_values === LEVEL ? LEVEL : undefined;
      await provider.interactionFinished(request, response, {
        login: { accountId: 'broker-person-1', ...(acr ? { acr } : {}) },
        consent: { grantId: await grant.save() },
      });
    })();
  });
  return {
    issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(testEngines)('identity verification with an external issuer (%s)', (engine) => {
  let broker: Awaited<ReturnType<typeof startBroker>>;
  let t: TestApp;

  beforeAll(async () => {
    broker = await startBroker();
    t = await createTestApp(engine, {
      OIDC_ISSUER: broker.issuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      OIDC_SCOPES: 'openid profile',
      OIDC_ACR_VALUES: LEVEL,
      OIDC_NAME_CLAIMS: 'nickname,family_name',
    });
  });
  afterAll(async () => {
    await t.close();
    await broker.close();
  });

  it('verifies through the configured issuer with the configured claims and level', async () => {
    const user = await createLoggedInUser(t.app);
    const authorizationUrl = await startVerification(t.app, user.headers);
    const url = new URL(authorizationUrl);
    expect(url.origin).toBe(broker.issuer);
    expect(url.searchParams.get('acr_values')).toBe(LEVEL);
    expect(url.searchParams.get('client_id')).toBe(CLIENT_ID);

    const browser = new TestBrowser();
    const back = await browser.follow(
      { url: authorizationUrl, response: await browser.request(authorizationUrl) },
      RETURN_PREFIX,
    );
    expect(back.response).toBeUndefined();
    const completed = await completeVerification(
      t.app,
      user.headers,
      completionOf(back.url, RETURN_PREFIX),
    );
    expect(completed.statusCode).toBe(200);
    expect(identityStatusSchema.parse(completed.json()).identity).toMatchObject({
      issuer: broker.issuer,
      name: 'J Doe',
      birth_date: '1980-01-02',
      acr: LEVEL,
      is_test: false,
    });
  });

  it('serves no built-in test provider when an issuer is configured', async () => {
    const response = await t.app.inject({ url: '/test-idp/.well-known/openid-configuration' });
    expect(response.statusCode).toBe(404);
  });
});

describe.each(testEngines)('an identity provider that is down (%s)', (engine) => {
  it('answers IDENTITY_PROVIDER_UNAVAILABLE at once when nobody listens', async () => {
    const closed = createServer();
    const port = await listen(closed);
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const t = await createTestApp(engine, {
      OIDC_ISSUER: `http://127.0.0.1:${port}`,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
    });
    try {
      const user = await createLoggedInUser(t.app);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/identity/verifications',
        headers: user.headers,
      });
      expect(response.statusCode).toBe(502);
      expect(response.json().code).toBe('IDENTITY_PROVIDER_UNAVAILABLE');
    } finally {
      await t.close();
    }
  });

  it('gives up after OIDC_TIMEOUT_SECONDS when the provider never answers', async () => {
    // Accepts connections and says nothing.
    const silent = createServer(() => {});
    const port = await listen(silent);
    const t = await createTestApp(engine, {
      OIDC_ISSUER: `http://127.0.0.1:${port}`,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      OIDC_TIMEOUT_SECONDS: '1',
    });
    try {
      const user = await createLoggedInUser(t.app);
      const started = Date.now();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/identity/verifications',
        headers: user.headers,
      });
      expect(response.json().code).toBe('IDENTITY_PROVIDER_UNAVAILABLE');
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await t.close();
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
