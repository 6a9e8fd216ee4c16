import type { FastifyInstance } from 'fastify';

/**
 * Strict CSP: no inline or foreign script. Inline styles are allowed because the UI library
 * sets style attributes and one variables block; they cannot run code.
 */
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self' blob:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const HSTS = 'max-age=63072000; includeSubDomains';

const commonHeaders: ReadonlyArray<readonly [string, string]> = Object.entries({
  'content-security-policy': contentSecurityPolicy,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
});

/**
 * The headers every response carries, by name (lower case). HSTS only when the portal is
 * reached over https: sent over plain http it is ignored at best, and at worst pins a host
 * that serves no https to https. Responses that bypass Fastify's hooks (the live-event
 * stream writes its head itself) take them from here too.
 */
export function securityHeaders(config: {
  isHttps: boolean;
}): ReadonlyArray<readonly [string, string]> {
  return config.isHttps ? [...commonHeaders, ['strict-transport-security', HSTS]] : commonHeaders;
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = securityHeaders(app.config);
  // A callback hook, not an async one: the answer goes out in the same tick, without a
  // promise for every response.
  app.addHook('onSend', (request, reply, payload, done) => {
    for (const [name, value] of headers) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    // Private data must never sit in a shared or browser cache; a route that knows better
    // (a provider logo: private, one day) sets its own.
    if (
      request.url.startsWith('/api/') &&
      !request.url.startsWith('/api/docs') &&
      !reply.hasHeader('cache-control')
    ) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
