import { healthEndpoints } from '@kuvert/shared/health/endpoints';
import { declared } from '../../plugins/declared-routes.ts';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkReadiness } from '../../plugins/readiness.ts';

const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['sqlite', 'postgres']),
});

const checkState = z.enum(['ok', 'failed', 'skipped']);

const readinessSchema = z
  .object({
    status: z.enum(['ready', 'not_ready']),
    failed: z
      .array(z.enum(['draining', 'database', 'migrations', 'store']))
      .describe('The checks that failed; empty when ready'),
    database: checkState.describe('The database answered'),
    migrations: checkState.describe('Every migration this instance knows is applied'),
    store: checkState.describe('The document store (files or S3 bucket) answered'),
    draining: z.boolean().describe('The instance is shutting down (SIGTERM)'),
  })
  .describe('Each check answers within 2 seconds or counts as failed');

/**
 * Liveness (`/api/health`: the process answers and reaches its database) and readiness
 * (`/api/ready`: send it requests), for load balancers and the start script.
 */
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

  app.get(
    declared.get(healthEndpoints.ready),
    {
      config: { auth: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Readiness, for load balancers’ health checks: 503 when draining or a check fails',
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (_request, reply) => {
      const readiness = await checkReadiness({
        db: app.db,
        engine: app.engine,
        documents: app.documents,
        isDraining: () => app.drain.isDraining,
      });
      return reply.code(readiness.status === 'ready' ? 200 : 503).send(readiness);
    },
  );
};
