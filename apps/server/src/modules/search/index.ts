import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchQuerySchema, searchResultSchema } from '@kuvert/shared/search';
import { errorResponses } from '../../plugins/openapi.ts';
import { requireSession } from '../../plugins/session.ts';
import { searchLetters } from './search.service.ts';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/search',
    {
      schema: {
        tags: ['search'],
        summary:
          'Full-text search over subject, provider, body and PDF text of one account; matches marked with U+E000…U+E001',
        querystring: searchQuerySchema,
        response: { 200: searchResultSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => searchLetters(app, requireSession(request).userId, request.query),
  );
};
