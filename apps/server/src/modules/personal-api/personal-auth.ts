import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../plugins/app-error.ts';
import { reserveRateLimitHits } from '../../plugins/rate-limit.ts';
import type { AuthMode } from '../../plugins/session.ts';
import {
  authenticateAccessToken,
  type AccessTokenHolder,
} from '../access-tokens/access-tokens.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Whose personal access token authenticated a personal API request. */
    accessToken: AccessTokenHolder | null;
  }
}

/** What every personal API route's options share. */
export const accessTokenAuth: { auth: AuthMode } = { auth: 'access-token' };
export const security = [{ personalAccessToken: [] }];
export const tags = ['personal-api'];

/** Requests per token and minute: a mirroring script's pace, with room for bursts. */
export const PERSONAL_API_REQUESTS_PER_MINUTE = 120;

const BEARER = /^Bearer\s+(\S+)\s*$/i;
/** No token is longer; a longer header is not hashed at all. */
const MAX_AUTHORIZATION_LENGTH = 200;

function unauthenticated(): AppError {
  return new AppError('UNAUTHENTICATED', {
    message:
      'A valid personal access token is required: Authorization: Bearer kvp_… (make one in the profile under "Access tokens")',
    headers: { 'www-authenticate': 'Bearer realm="kuvert-personal-api"' },
  });
}

/**
 * Every route of the plugin this is added to takes a personal access token, whatever its
 * config says, and is counted against the token's rate limit. Cookies play no part: a token
 * is no session, so a page elsewhere cannot ride one, and no CSRF token is needed.
 */
export function addAccessTokenAuthentication(app: FastifyInstance): void {
  app.decorateRequest('accessToken', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization ?? '';
    const match = header.length <= MAX_AUTHORIZATION_LENGTH ? BEARER.exec(header) : null;
    const holder = match?.[1] ? await authenticateAccessToken(app, match[1]) : undefined;
    if (!holder) throw unauthenticated();
    await reserveRateLimitHits(app, [
      {
        key: `personal-api:token:${holder.tokenId}`,
        max: PERSONAL_API_REQUESTS_PER_MINUTE,
        windowSeconds: 60,
      },
    ]);
    request.accessToken = holder;
  });
}

export function requireAccessToken(request: FastifyRequest): AccessTokenHolder {
  if (!request.accessToken) throw unauthenticated();
  return request.accessToken;
}

/** Marking read needs a token made with the scope "read and mark read". */
export function requireMarkReadScope(request: FastifyRequest): AccessTokenHolder {
  const holder = requireAccessToken(request);
  if (holder.scope !== 'read_mark_read') throw new AppError('ACCESS_TOKEN_SCOPE_INSUFFICIENT');
  return holder;
}
