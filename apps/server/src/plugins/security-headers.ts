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

const commonHeaders: Array<[string, string]> = Object.entries({
  'content-security-policy': contentSecurityPolicy,
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
});

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    for (const [name, value] of commonHeaders) {
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
    return payload;
  });
}
