import { accountEndpoints } from '@kuvert/shared/accounts/endpoints';
import { declared } from '../../plugins/declared-routes.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountListSchema } from '@kuvert/shared/accounts';
import { errorResponses } from '../../plugins/openapi.ts';
import { requireSession } from '../../plugins/session.ts';
import { listAccountsForUser } from './accounts.service.ts';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    declared.get(accountEndpoints.list),
    {
      schema: {
        tags: ['accounts'],
        summary: 'The accounts (mailboxes) the caller belongs to, with their role',
        response: { 200: accountListSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const session = requireSession(request);
      return { accounts: await listAccountsForUser(app.db, session.userId) };
    },
  );
};
