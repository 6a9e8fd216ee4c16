import { healthEndpoints } from '@kuvert/shared/health/endpoints';
import { declared } from '../../plugins/declared-routes.ts';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['sqlite', 'postgres']),
});

/** Liveness and database reachability, for load balancers and the start script. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    declared.get(healthEndpoints.check),
    {
      config: { auth: 'public' },
      schema: { tags: ['system'], response: { 200: healthSchema } },
    },
    async () => {
      await sql`select 1`.execute(app.db);
      return { status: 'ok' as const, database: app.engine };
    },
  );
};
