import { mailMergeEndpoints } from '@kuvert/shared/mail-merge/endpoints';
import { declared } from '../../plugins/declared-routes.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  mailMergeCsvInspectionSchema,
  mailMergeDefinitionSchema,
  mailMergeInspectRequestSchema,
  mailMergeListSchema,
  mailMergePreviewSchema,
  mailMergeRowPageSchema,
  mailMergeRowsQuerySchema,
  mailMergeSchema,
} from '@kuvert/shared/mail-merge';
import { contentDisposition } from '../../plugins/content-disposition.ts';
import { binaryResponse, errorResponses } from '../../plugins/openapi.ts';
import { requireSession } from '../../plugins/session.ts';
import { registerMailMergeJobs } from './mail-merge-job.ts';
import { previewMailMerge } from './mail-merge-preview.ts';
import {
  failedRowsCsv,
  getMailMerge,
  inspectCsv,
  listMailMerges,
  listMergeRows,
  startMailMerge,
} from './mail-merge.service.ts';

const tags = ['mail-merge'];
const paramsSchema = z.object({ id: z.string().min(1).max(64) });
const listQuerySchema = z.object({ account_id: z.string().min(1).optional() });

/** Mail merge (DESIGN §8): one letter per row of a CSV of recipients. */
export const mailMergeRoutes: FastifyPluginAsyncZod = async (app) => {
  registerMailMergeJobs(app);

  app.post(
    declared.post(mailMergeEndpoints.inspect),
    {
      schema: {
        tags,
        summary:
          'A CSV upload as Kuvert reads it (parsed in the processing pool): detected encoding and delimiter, columns, sample rows. 422 CSV_EMPTY / CSV_NO_ROWS, 413 over 10 MB or 20,000 rows, 415 when not a CSV',
        body: mailMergeInspectRequestSchema,
        response: {
          200: mailMergeCsvInspectionSchema,
          ...errorResponses(400, 401, 403, 404, 413, 415, 422),
        },
      },
    },
    async (request) => inspectCsv(app, requireSession(request).userId, request.body),
  );

  app.post(
    declared.post(mailMergeEndpoints.preview),
    {
      schema: {
        tags,
        summary:
          'The first rows rendered with how each will go (never whether an address has a Kuvert account) and their problems, and the placeholders without a column; 422 TEMPLATE_INVALID with line and column',
        body: mailMergeDefinitionSchema,
        response: {
          200: mailMergePreviewSchema,
          ...errorResponses(400, 401, 403, 404, 413, 415, 422),
        },
      },
    },
    async (request) => previewMailMerge(app, requireSession(request).userId, request.body),
  );

  app.post(
    declared.post(mailMergeEndpoints.create),
    {
      schema: {
        tags,
        summary:
          'Starts sending in the background (202); refuses unmapped placeholders (400 at mapping.placeholders) and postal rows without the sender’s address (422 SENDER_ADDRESS_MISSING)',
        body: mailMergeDefinitionSchema,
        response: {
          202: mailMergeSchema,
          ...errorResponses(400, 401, 403, 404, 413, 415, 422),
        },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(await startMailMerge(app, requireSession(request).userId, request.body)),
  );

  app.get(
    declared.get(mailMergeEndpoints.list),
    {
      schema: {
        tags,
        summary: 'Recent mail merges of the caller’s accounts (or of one), newest first',
        querystring: listQuerySchema,
        response: { 200: mailMergeListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      listMailMerges(app, requireSession(request).userId, request.query.account_id),
  );

  app.get(
    declared.get(mailMergeEndpoints.get),
    {
      schema: {
        tags,
        summary: 'One mail merge with its progress',
        params: paramsSchema,
        response: { 200: mailMergeSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => getMailMerge(app, requireSession(request).userId, request.params.id),
  );

  app.get(
    declared.get(mailMergeEndpoints.rows),
    {
      schema: {
        tags,
        summary: 'Each row’s result in row order (keyset by row number), all or sent or failed',
        params: paramsSchema,
        querystring: mailMergeRowsQuerySchema,
        response: { 200: mailMergeRowPageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      listMergeRows(app, requireSession(request).userId, request.params.id, request.query),
  );

  app.get(
    declared.get(mailMergeEndpoints.failedRowsCsv),
    {
      schema: {
        tags,
        summary:
          'The failed rows as a CSV to fix and upload again: the original header and cells and a reason column (UTF-8 with BOM, ;)',
        params: paramsSchema,
        response: { 200: binaryResponse('The CSV', ['text/csv']), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const { filename, content } = await failedRowsCsv(
        app,
        requireSession(request).userId,
        request.params.id,
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', filename))
        .header('cache-control', 'no-store')
        .send(content);
    },
  );
};
