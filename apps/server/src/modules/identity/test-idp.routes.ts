import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Provider } from 'oidc-provider';
import { z } from 'zod';
import { securityHeaders } from '../../plugins/security-headers.ts';
import { TEST_IDP_PATH } from './identity-provider-settings.ts';
import { createTestIdentityProvider } from './test-idp/test-idp-provider.ts';
import {
  languageOf,
  renderErrorPage,
  renderInteractionPage,
  TEST_IDP_CONTENT_SECURITY_POLICY,
} from './test-idp/test-idp.pages.ts';
import {
  accountIdOf,
  DEFAULT_ASSURANCE_LEVEL,
  parseTestPerson,
  presetTestPeople,
  testAssuranceLevels,
  type TestPerson,
} from './test-idp/test-identities.ts';

const FORM_MAX_BYTES = 4096;
const uidParamsSchema = z.object({ uid: z.string().min(1).max(128) });
const choiceSchema = z.object({
  choice: z.string().max(32),
  acr: z.string().max(64).optional(),
  given_name: z.string().max(200).optional(),
  family_name: z.string().max(200).optional(),
  birthdate: z.string().max(32).optional(),
});

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('content-security-policy', TEST_IDP_CONTENT_SECURITY_POLICY)
    .type('text/html; charset=utf-8')
    .send(html);
}

/** The sign-in this request belongs to (its cookie), or undefined when there is none. */
async function interactionOf(provider: Provider, request: FastifyRequest, reply: FastifyReply) {
  try {
    return await provider.interactionDetails(request.raw, reply.raw);
  } catch {
    return undefined;
  }
}

/**
 * The pages Kuvert renders for the test provider: pick or type a test identity, or cancel.
 * Consent is granted in the same step: the provider serves Kuvert alone.
 */
/** The provider, made on first use (it reads its signing key from the database). */
type ProviderSource = () => Promise<Provider>;

const interactionRoutes =
  (providerOf: ProviderSource): FastifyPluginAsyncZod =>
  async (app) => {
    const routeConfig = { auth: 'public' as const };
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_MAX_BYTES },
      (_request, body, done) => {
        const text = typeof body === 'string' ? body : body.toString('utf8');
        done(null, Object.fromEntries(new URLSearchParams(text)));
      },
    );

    app.get(
      `${TEST_IDP_PATH}/interaction/:uid`,
      { config: routeConfig, schema: { hide: true, params: uidParamsSchema } },
      async (request, reply) => {
        const provider = await providerOf();
        const interaction = await interactionOf(provider, request, reply);
        if (!interaction) return sendPage(reply, 404, renderErrorPage('en'));
        const language = languageOf(interaction.params.ui_locales);
        return sendPage(reply, 200, renderInteractionPage(language, request.url));
      },
    );

    app.post(
      `${TEST_IDP_PATH}/interaction/:uid`,
      { config: routeConfig, schema: { hide: true, params: uidParamsSchema, body: choiceSchema } },
      async (request, reply) => {
        const provider = await providerOf();
        const interaction = await interactionOf(provider, request, reply);
        if (!interaction) return sendPage(reply, 404, renderErrorPage('en'));
        const language = languageOf(interaction.params.ui_locales);
        const { body } = request;
        if (body.choice === 'cancel') {
          const returnTo = await provider.interactionResult(
            request.raw,
            reply.raw,
            {
              error: 'access_denied',
              error_description: 'The person cancelled at the test identity provider.',
            },
            { mergeWithLastSubmission: false },
          );
          return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
        }
        let person: TestPerson | undefined;
        if (body.choice === 'typed') {
          person = parseTestPerson({
            given_name: body.given_name,
            family_name: body.family_name,
            birthdate: body.birthdate,
          });
          if (!person) {
            const typed = {
              givenName: body.given_name ?? '',
              familyName: body.family_name ?? '',
              birthdate: body.birthdate ?? '',
            };
            return sendPage(
              reply,
              422,
              renderInteractionPage(language, request.url, { typed, isTypedInvalid: true }),
            );
          }
        } else {
          person = presetTestPeople[Number(/^preset-(\d)$/.exec(body.choice)?.[1] ?? -1)];
        }
        if (!person) return sendPage(reply, 400, renderErrorPage(language));
        const acr =
          testAssuranceLevels.find((level) => level === body.acr) ?? DEFAULT_ASSURANCE_LEVEL;
        const accountId = accountIdOf(person);
        const grant = new provider.Grant({
          accountId,
          clientId: String(interaction.params.client_id),
        });
        grant.addOIDCScope(String(interaction.params.scope ?? 'openid'));
        const grantId = await grant.save();
        const returnTo = await provider.interactionResult(
          request.raw,
          reply.raw,
          { login: { accountId, acr, amr: ['test'] }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
        return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
      },
    );
  };

/**
 * Everything else under the test provider's path is oidc-provider itself: the raw request is
 * handed to it, under its own path, with the portal's security headers and its own CSP.
 */
const providerRoutes =
  (providerOf: ProviderSource): FastifyPluginAsync =>
  async (app) => {
    let callback: ReturnType<Provider['callback']> | undefined;
    const headers = securityHeaders(app.config);
    // oidc-provider reads the bodies it needs itself.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      callback ??= (await providerOf()).callback();
      reply.hijack();
      const raw = request.raw;
      const url = raw.url ?? '/';
      Object.assign(raw, { originalUrl: url });
      raw.url = url.slice(TEST_IDP_PATH.length) || '/';
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
      reply.raw.setHeader('content-security-policy', TEST_IDP_CONTENT_SECURITY_POLICY);
      callback(raw, reply.raw);
    };
    const options = { config: { auth: 'public' as const }, schema: { hide: true } };
    app.all(TEST_IDP_PATH, options, handler);
    app.all(`${TEST_IDP_PATH}/*`, options, handler);
  };

/** The built-in test identity provider, outside /api; not served when an issuer is configured. */
export const testIdpRoutes: FastifyPluginAsync = async (app) => {
  // Made when first asked for, not at start: an instance starts (and answers /api/ready) before
  // its database is migrated or even reachable. A failed attempt is tried again next time.
  let made: Promise<Provider> | undefined;
  const providerOf: ProviderSource = () => {
    made ??= createTestIdentityProvider(app).catch((error: unknown) => {
      made = undefined;
      throw error;
    });
    return made;
  };
  await app.register(interactionRoutes(providerOf));
  await app.register(providerRoutes(providerOf));
};
