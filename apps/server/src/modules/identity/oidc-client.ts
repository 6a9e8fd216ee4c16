import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import { AppError } from '../../plugins/app-error.ts';
import {
  identityProviderSettings,
  type IdentityProviderSettings,
} from './identity-provider-settings.ts';

/*
 * The identity provider's configuration (its discovery document), fetched when the first
 * verification needs it and kept. A provider that is down answers within OIDC_TIMEOUT_SECONDS
 * rather than openid-client's 30 s, and the failure is not kept: the next verification asks
 * again. Every later request to the provider (token, userinfo) has the same timeout.
 */

export interface IdentityClient {
  settings: IdentityProviderSettings;
  configuration: client.Configuration;
}

const cache = new WeakMap<object, Promise<IdentityClient>>();

async function discover(
  settings: IdentityProviderSettings,
  timeoutSeconds: number,
): Promise<IdentityClient> {
  const issuer = new URL(settings.issuer);
  // Plain http only where the issuer itself is http (the test provider on this machine).
  const isInsecure = issuer.protocol === 'http:';
  const configuration = await client.discovery(
    issuer,
    settings.clientId,
    undefined,
    client.ClientSecretBasic(settings.clientSecret),
    {
      timeout: timeoutSeconds,
      ...(isInsecure ? { execute: [client.allowInsecureRequests] } : {}),
    },
  );
  configuration.timeout = timeoutSeconds;
  return { settings, configuration };
}

/** The provider's client, discovered once per app; IDENTITY_PROVIDER_UNAVAILABLE when it cannot be. */
export async function identityClient(
  app: Pick<FastifyInstance, 'config' | 'seal' | 'log'>,
): Promise<IdentityClient> {
  let pending = cache.get(app.config);
  if (!pending) {
    pending = discover(identityProviderSettings(app), app.config.identity.timeoutSeconds);
    cache.set(app.config, pending);
  }
  try {
    return await pending;
  } catch (error) {
    if (cache.get(app.config) === pending) cache.delete(app.config);
    app.log.warn({ err: error }, 'the identity provider could not be discovered');
    throw new AppError('IDENTITY_PROVIDER_UNAVAILABLE');
  }
}
