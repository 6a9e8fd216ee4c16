import { searchEndpoints } from '@kuvert/shared/search/endpoints';
import { declared } from '../../plugins/declared-routes.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchQuerySchema, searchResultSchema } from '@kuvert/shared/search';
import { errorResponses } from '../../plugins/openapi.ts';
import { requireSession } from '../../plugins/session.ts';
import { searchAccount } from './search.service.ts';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    declared.get(searchEndpoints.search),
    {
      schema: {
        tags: ['search'],
        summary: 'Full-text search over the letters and uploads of one account',
        description:
          'Letters are found by subject, provider, body and the text of their PDFs; uploads by ' +
          'name and the text Kuvert read from them (PDF text, OCR, text files); trashed ones ' +
          'are left out. `kind` narrows to letters or uploads. Each hit has a `type` ' +
          '(`letter` or `upload`) and a snippet whose matches are marked with U+E000…U+E001. ' +
          'Both sorts page letters and uploads as one list: `newest` by date, `relevance` by ' +
          'one score for both (an upload’s name weighs as a letter’s subject, its text as a ' +
          'letter’s documents; ties newest first). Any member of the account may search. ' +
          'Words match without diacritics, æ, œ and ß spelled out and ø as o (“aero” finds ' +
          '“Ærø”); on PostgreSQL a single unquoted word also finds other forms of it in the ' +
          'caller’s language (“fakturan” finds “faktura” for a Swedish reader).',
        querystring: searchQuerySchema,
        response: { 200: searchResultSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => searchAccount(app, requireSession(request).userId, request.query),
  );
};
