import { homeEndpoints } from '@kuvert/shared/home/endpoints';
import { declared } from '../../plugins/declared-routes.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountQuerySchema, homeSummarySchema } from '@kuvert/shared/home';
import { errorResponses } from '../../plugins/openapi.ts';
import { requireSession } from '../../plugins/session.ts';
import { getHomeSummary } from './home.service.ts';

export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    declared.get(homeEndpoints.summary),
    {
      schema: {
        tags: ['home'],
        summary: 'Needs-action counts and recent letters of one account',
        querystring: accountQuerySchema,
        response: { 200: homeSummarySchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      getHomeSummary(app, requireSession(request).userId, request.query.account_id),
  );
};
