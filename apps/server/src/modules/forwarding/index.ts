import { forwardingEndpoints } from '@kuvert/shared/forwarding/endpoints';
import { forwardingSettingsSchema, updateForwardingRequestSchema } from '@kuvert/shared/forwarding';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declared } from '../../plugins/declared-routes.ts';
import { requestOrigin } from '../../plugins/audit.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import { requireSession } from '../../plugins/session.ts';
import { registerForwardingJobs } from './forwarding-jobs.ts';
import { getForwardingSettings, updateForwardingSettings } from './forwarding.service.ts';

/** Profile → Forwarding: new letters mailed on to the person's own address. */
export const forwardingRoutes: FastifyPluginAsyncZod = async (app) => {
  registerForwardingJobs(app);

  app.get(
    declared.get(forwardingEndpoints.get),
    {
      schema: {
        tags: ['profile'],
        summary: "The caller's forwarding of new letters by e-mail, with the providers to choose",
        response: { 200: forwardingSettingsSchema, ...errorResponses(401) },
      },
    },
    async (request) => getForwardingSettings(app, requireSession(request).userId),
  );

  app.put(
    declared.put(forwardingEndpoints.update),
    {
      schema: {
        tags: ['profile'],
        summary: 'Turn forwarding on (for all providers or chosen ones) or off',
        body: updateForwardingRequestSchema,
        response: { 200: forwardingSettingsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      updateForwardingSettings(
        app,
        requireSession(request).userId,
        request.body,
        requestOrigin(request),
      ),
  );
};
