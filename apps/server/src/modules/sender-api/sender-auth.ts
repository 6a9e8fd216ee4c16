import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../plugins/app-error.ts';
import { authenticateApiKey, type ProviderRow } from '../providers/providers.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The provider whose API key authenticated a Sender API request. */
    provider: ProviderRow | null;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

function unauthenticated(): AppError {
  return new AppError('UNAUTHENTICATED', {
    message: 'A valid provider API key is required: Authorization: Bearer kuv_live_…',
    headers: { 'www-authenticate': 'Bearer realm="kuvert-sender-api"' },
  });
}

/**
 * Every route of the plugin this is added to takes a provider API key, whatever its
 * config says: a route added here later cannot forget to be protected.
 */
export function addApiKeyAuthentication(app: FastifyInstance): void {
  app.decorateRequest('provider', null);
  app.addHook('onRequest', async (request) => {
    const match = BEARER.exec(request.headers.authorization ?? '');
    const provider = match?.[1] ? await authenticateApiKey(app, match[1]) : undefined;
    if (!provider) throw unauthenticated();
    request.provider = provider;
  });
}

export function requireProvider(request: FastifyRequest): ProviderRow {
  if (!request.provider) throw unauthenticated();
  return request.provider;
}
