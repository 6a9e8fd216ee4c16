import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataExportEndpoints } from '@kuvert/shared/data-export/endpoints';
import {
  dataExportPartParamsSchema,
  dataExportSchema,
  latestDataExportSchema,
} from '@kuvert/shared/data-export';
import { requestOrigin } from '../../plugins/audit.ts';
import { declared } from '../../plugins/declared-routes.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import { sendDocument } from '../../plugins/send-document.ts';
import { requireSession } from '../../plugins/session.ts';
import { registerDataExportJobs } from './data-export-job.ts';
import {
  getLatestDataExport,
  openDataExportPart,
  requestDataExport,
} from './data-export.service.ts';

/** "Download my data" in the profile (DESIGN §9). */
export const dataExportRoutes: FastifyPluginAsyncZod = async (app) => {
  registerDataExportJobs(app);

  app.get(
    declared.get(dataExportEndpoints.latest),
    {
      schema: {
        tags: ['profile'],
        summary: "The caller's latest export of their data, with its progress or its parts",
        response: { 200: latestDataExportSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({
      export: await getLatestDataExport(app, requireSession(request).userId),
    }),
  );

  app.post(
    declared.post(dataExportEndpoints.request),
    {
      schema: {
        tags: ['profile'],
        summary: 'Ask for an export of everything the caller may see; one at a time',
        response: { 202: dataExportSchema, ...errorResponses(401, 403, 409) },
      },
    },
    async (request, reply) => {
      const made = await requestDataExport(
        app,
        requireSession(request).userId,
        requestOrigin(request),
      );
      return reply.status(202).send(made);
    },
  );

  app.get(
    declared.get(dataExportEndpoints.downloadPart),
    {
      schema: {
        tags: ['profile'],
        summary: 'Download a part (a ZIP) of the caller’s ready export; 404 for anyone else',
        params: dataExportPartParamsSchema,
        response: errorResponses(401, 404, 410),
      },
    },
    async (request, reply) => {
      const part = await openDataExportPart(
        app,
        requireSession(request).userId,
        request.params.id,
        request.params.part,
        requestOrigin(request),
      );
      return sendDocument(reply, part, 'attachment');
    },
  );
};
