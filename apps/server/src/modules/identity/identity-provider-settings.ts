import { hkdfSync } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** Where the built-in test identity provider is mounted, outside /api. */
export const TEST_IDP_PATH = '/test-idp';
export const TEST_IDP_CLIENT_ID = 'kuvert-portal';
/** Where every verification returns to; the signed process id follows. */
export const RETURN_PATH_PREFIX = '/verify/id_process_id/';

export interface IdentityProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** True for the built-in test identity provider. */
  isTest: boolean;
}

type SettingsContext = Pick<FastifyInstance, 'config' | 'seal'>;

/**
 * The client secret Kuvert uses at its own test provider: derived from the seal's key, so
 * every instance of a deployment knows it and nobody needs to configure one.
 */
export function testIdpClientSecret(app: Pick<FastifyInstance, 'seal'>): string {
  return Buffer.from(
    hkdfSync('sha256', app.seal.key.privateKeyPem, '', 'kuvert test idp client secret v1', 32),
  ).toString('base64url');
}

export function testIdpIssuer(app: Pick<FastifyInstance, 'config'>): string {
  return `${app.config.publicUrl}${TEST_IDP_PATH}`;
}

/** The operator's issuer, or the built-in test provider when none is configured. */
export function identityProviderSettings(app: SettingsContext): IdentityProviderSettings {
  const configured = app.config.identity.provider;
  if (configured) return { ...configured, isTest: false };
  return {
    issuer: testIdpIssuer(app),
    clientId: TEST_IDP_CLIENT_ID,
    clientSecret: testIdpClientSecret(app),
    isTest: true,
  };
}
