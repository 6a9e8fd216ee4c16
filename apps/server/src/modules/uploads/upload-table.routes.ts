import { uploadEndpoints } from '@kuvert/shared/uploads/endpoints';
import { declared } from '../../plugins/declared-routes.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  uploadIdParamsSchema,
  uploadTableQuerySchema,
  uploadTableSchema,
} from '@kuvert/shared/uploads';
import { errorResponses } from '../../plugins/openapi.ts';
import { requireSession } from '../../plugins/session.ts';
import { getUploadTable, UPLOAD_TABLE_MAX_ROWS } from './upload-table.service.ts';

/** GET /uploads/:id/table (under /api): a CSV's first rows, for its preview. */
export function registerUploadTableRoute(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    declared.get(uploadEndpoints.table),
    {
      schema: {
        tags: ['uploads'],
        summary: `The first ${UPLOAD_TABLE_MAX_ROWS} rows of a CSV or text upload, as detected or in the encoding and with the delimiter asked for`,
        params: uploadIdParamsSchema,
        querystring: uploadTableQuerySchema,
        response: { 200: uploadTableSchema, ...errorResponses(400, 401, 404, 409, 422) },
      },
    },
    async (request) =>
      getUploadTable(app, requireSession(request).userId, request.params.id, request.query),
  );
}
