import { providerEndpoints } from '@kuvert/shared/providers/endpoints';
import { declared } from '../../plugins/declared-routes.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountProviderListSchema } from '@kuvert/shared/providers';
import { accountQuerySchema } from '@kuvert/shared/home';
import { binaryResponse, errorResponses, noContentSchema } from '../../plugins/openapi.ts';
import { requireSession } from '../../plugins/session.ts';
import { getProviderLogo, listAccountProviders } from './providers.service.ts';

const providerParamsSchema = z.object({ id: z.string().min(1).max(64) });
const LOGO_MAX_AGE_SECONDS = 24 * 3600;

export const providerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    declared.get(providerEndpoints.list),
    {
      schema: {
        tags: ['providers'],
        summary: 'Providers that have written to the account, with letter and unread counts',
        querystring: accountQuerySchema,
        response: { 200: accountProviderListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({
      providers: await listAccountProviders(
        app,
        requireSession(request).userId,
        request.query.account_id,
      ),
    }),
  );

  /*
   * Logos are brand marks, not mail: any logged-in user may load any provider's logo (the
   * forms catalogue will list providers that never wrote to them). A session is still
   * required, so the portal's surface for anonymous visitors stays the login page. Logos are
   * content-addressed, so the ETag is the key and the browser may keep them for a day.
   */
  app.get(
    declared.get(providerEndpoints.logo),
    {
      schema: {
        tags: ['providers'],
        summary: "The provider's logo (SVG, PNG or JPEG)",
        params: providerParamsSchema,
        response: {
          200: binaryResponse('The image', ['image/svg+xml', 'image/png', 'image/jpeg']),
          304: noContentSchema,
          ...errorResponses(401, 404),
        },
      },
    },
    async (request, reply) => {
      requireSession(request);
      const logo = await getProviderLogo(app, request.params.id);
      const etag = `"${logo.key}"`;
      reply
        .header('cache-control', `private, max-age=${LOGO_MAX_AGE_SECONDS}`)
        .header('etag', etag)
        // An SVG opened on its own must not run script on our origin.
        .header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        );
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type(logo.contentType).send(logo.bytes);
    },
  );
};
