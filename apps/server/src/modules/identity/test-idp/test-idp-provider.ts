import { hkdfSync } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Provider, type Account, type KoaContextWithOIDC } from 'oidc-provider';
import {
  RETURN_PATH_PREFIX,
  TEST_IDP_CLIENT_ID,
  TEST_IDP_PATH,
  testIdpClientSecret,
  testIdpIssuer,
} from '../identity-provider-settings.ts';
import { databaseAdapterFactory, sharedSigningKey } from './database-adapter.ts';
import { languageOf, renderErrorPage } from './test-idp.pages.ts';
import { personOfAccountId, testAssuranceLevels } from './test-identities.ts';

/** Lifetimes in seconds: a test sign-in is short. */
const ttl = {
  AuthorizationCode: 60,
  AccessToken: 300,
  IdToken: 300,
  Interaction: 600,
  Session: 600,
  Grant: 600,
};

function findAccount(_context: unknown, accountId: string): Account | undefined {
  const person = personOfAccountId(accountId);
  if (!person) return undefined;
  return {
    accountId,
    async claims() {
      return {
        sub: accountId,
        name: `${person.given_name} ${person.family_name}`,
        given_name: person.given_name,
        family_name: person.family_name,
        birthdate: person.birthdate,
      };
    },
  };
}

/**
 * The built-in test identity provider (oidc-provider), serving only Kuvert's own client. Its
 * state and signing key are in the database and its cookies are signed with a key derived from
 * the seal's, so every instance behind a balancer serves the same sign-in. PKCE is required. Consent is given on the
 * same page that picks the identity, and the return address is any Kuvert return leg.
 */
export async function createTestIdentityProvider(
  app: Pick<FastifyInstance, 'config' | 'seal' | 'db'>,
): Promise<Provider> {
  const signingKey = await sharedSigningKey(app.db);
  const cookieKey = Buffer.from(
    hkdfSync('sha256', app.seal.key.privateKeyPem, '', 'kuvert test idp cookies v1', 32),
  ).toString('base64url');
  const returnPrefix = `${app.config.publicUrl}${RETURN_PATH_PREFIX}`;

  const provider = new Provider(testIdpIssuer(app), {
    adapter: databaseAdapterFactory(app.db),
    clients: [
      {
        client_id: TEST_IDP_CLIENT_ID,
        client_secret: testIdpClientSecret(app),
        redirect_uris: [returnPrefix],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        // So the ID token always carries the level the tester picked.
        default_acr_values: [...testAssuranceLevels],
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [cookieKey] },
    pkce: { required: () => true },
    ttl,
    claims: { openid: ['sub'], profile: ['name', 'given_name', 'family_name', 'birthdate'] },
    acrValues: [...testAssuranceLevels],
    responseTypes: ['code'],
    features: { devInteractions: { enabled: false } },
    interactions: {
      url: (_context: unknown, interaction: { uid: string }) =>
        `${TEST_IDP_PATH}/interaction/${interaction.uid}`,
    },
    findAccount,
    async renderError(context: KoaContextWithOIDC) {
      context.type = 'html';
      context.body = renderErrorPage(languageOf(context.oidc?.params?.ui_locales));
    },
  });
  // Behind a trusted proxy the provider's own URLs take the scheme and host the proxy names.
  provider.proxy = app.config.trustProxy.length > 0;
  // Every process has a return address of its own: `/verify/id_process_id/{signed id}`.
  provider.Client.prototype.redirectUriAllowed = function redirectUriAllowed(value: string) {
    if (!value.startsWith(returnPrefix)) return false;
    const rest = value.slice(returnPrefix.length);
    return /^[A-Za-z0-9_~-]{1,200}$/.test(rest);
  };
  return provider;
}
