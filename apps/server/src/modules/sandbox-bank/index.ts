import { readFileSync } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Language } from '@kuvert/shared/auth';
import { firstKnownLanguage } from '@kuvert/shared/constants';
import { AppError } from '../../plugins/app-error.ts';
import { renderClosedPage, renderConsentPage, renderNotFoundPage } from './sandbox-bank.pages.ts';
import { decideBankPaymentById, getBankPayment } from './sandbox-bank.service.ts';

const stylesheet = readFileSync(new URL('./bank.css', import.meta.url), 'utf8');

const paramsSchema = z.object({ id: z.string().min(1).max(128) });
const querySchema = z.object({ lang: z.unknown().optional() });
const decisionSchema = z.object({ decision: z.enum(['approve', 'decline', 'abandon']) });
const FORM_MAX_BYTES = 1024;

/**
 * The bank is not the portal: its pages carry no Kuvert session and no CSRF token, so the
 * auth mode is `public`. A decision is a state-changing form POST, so it must come from the
 * bank's own page: a same-origin `Origin`, or `Sec-Fetch-Site: same-origin` where a browser
 * sends no Origin. A client sending neither is refused, unlike on the API.
 */
function assertFromBankPage(request: FastifyRequest, expectedOrigin: string): void {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    if (origin !== expectedOrigin) throw new AppError('ORIGIN_REJECTED');
    return;
  }
  if (request.headers['sec-fetch-site'] !== 'same-origin') throw new AppError('ORIGIN_REJECTED');
}

/**
 * The page's language: Kuvert's `lang` in the link (the person's language), else the browser's
 * preferred one (sv, da, nb, no or nn, de, en), else English.
 */
function pageLanguage(request: FastifyRequest<{ Querystring: { lang?: unknown } }>): Language {
  const preferred = firstKnownLanguage(request.headers['accept-language']);
  return firstKnownLanguage(request.query.lang, preferred);
}

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

/** The built-in sandbox bank's consent pages, outside /api (DESIGN §5, payments). */
export const sandboxBankRoutes: FastifyPluginAsyncZod = async (app) => {
  const expectedOrigin = new URL(app.config.publicUrl).origin;
  const routeConfig = { auth: 'public' as const };

  // Browsers post HTML forms url-encoded; only the bank's routes accept that.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_MAX_BYTES },
    (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      done(null, Object.fromEntries(new URLSearchParams(text)));
    },
  );

  app.get(
    '/sandbox-bank/bank.css',
    { config: routeConfig, schema: { hide: true } },
    async (_request, reply) =>
      reply.header('cache-control', 'no-cache').type('text/css; charset=utf-8').send(stylesheet),
  );

  app.get(
    '/sandbox-bank/payments/:id',
    { config: routeConfig, schema: { hide: true, params: paramsSchema, querystring: querySchema } },
    async (request, reply) => {
      const lang = pageLanguage(request);
      const payment = await getBankPayment(app, request.params.id);
      if (!payment) return sendPage(reply, 404, renderNotFoundPage(lang));
      if (payment.status !== 'pending') {
        return sendPage(reply, 200, renderClosedPage(payment.status, payment.returnUrl, lang));
      }
      return sendPage(reply, 200, renderConsentPage(payment, lang, app.clock.now()));
    },
  );

  app.post(
    '/sandbox-bank/payments/:id',
    {
      config: routeConfig,
      schema: { hide: true, params: paramsSchema, querystring: querySchema, body: decisionSchema },
      onRequest: async (request) => assertFromBankPage(request, expectedOrigin),
    },
    async (request, reply) => {
      const lang = pageLanguage(request);
      const result = await decideBankPaymentById(app, request.params.id, request.body.decision);
      if (result.outcome === 'not_found') return sendPage(reply, 404, renderNotFoundPage(lang));
      const { payment } = result;
      if (result.outcome === 'closed') {
        // Decided before, or too late: a pending one that refused the decision has just expired.
        const status = payment.status === 'pending' ? 'expired' : payment.status;
        return sendPage(reply, 409, renderClosedPage(status, payment.returnUrl, lang));
      }
      // Back to Kuvert, which asks the bank for the outcome: nothing rides on this redirect.
      return reply.header('cache-control', 'no-store').redirect(payment.returnUrl, 303);
    },
  );

  // Any other bank path is the bank's own 404, never the web app's fallback.
  app.get(
    '/sandbox-bank/*',
    { config: routeConfig, schema: { hide: true, querystring: querySchema } },
    async (request, reply) => sendPage(reply, 404, renderNotFoundPage(pageLanguage(request))),
  );
};
