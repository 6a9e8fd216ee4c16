import { uploadEndpoints } from '@kuvert/shared/uploads/endpoints';
import { declared } from '../../plugins/declared-routes.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  renameUploadRequestSchema,
  uploadDetailSchema,
  uploadIdParamsSchema,
  uploadListQuerySchema,
  uploadListSchema,
  uploadSelectionSchema,
  uploadUsageQuerySchema,
  uploadContentTypes,
  uploadUsageSchema,
} from '@kuvert/shared/uploads';
import { contentDisposition } from '../../plugins/content-disposition.ts';
import { binaryResponse, errorResponses, noContentSchema } from '../../plugins/openapi.ts';
import { sendDocument, sendRangeNotSatisfiable } from '../../plugins/send-document.ts';
import { requireSession } from '../../plugins/session.ts';
import { registerUploadJobs } from './upload-jobs.ts';
import { countUploadsInQuota } from './upload-limits.ts';
import { registerUploadReading } from './upload-reading.ts';
import { registerUploadTableRoute } from './upload-table.routes.ts';
import { uploadTusRoutes } from './upload-tus.routes.ts';
import { zipUploads } from './upload-zip.ts';
import { registerUploadsInProgressRoutes } from './uploads-in-progress.routes.ts';
import {
  findUploadsForZip,
  getUploadDetail,
  getUploadUsage,
  listUploads,
  openUploadContent,
  readUploadThumbnail,
  renameUpload,
  trashUploads,
} from './uploads.service.ts';

const contentQuerySchema = z.object({
  disposition: z.enum(['inline', 'attachment']).default('attachment'),
});

/** A user's own documents: the tus endpoint, the list, one upload, its bytes, trash, ZIP. */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  countUploadsInQuota(app);
  registerUploadJobs(app);
  registerUploadReading(app);
  registerUploadTableRoute(app);
  registerUploadsInProgressRoutes(app);
  await app.register(uploadTusRoutes);

  app.get(
    declared.get(uploadEndpoints.list),
    {
      schema: {
        tags: ['uploads'],
        summary:
          "A page of the account's stored uploads (not trashed): sort, kind, name filter, keyset cursor",
        querystring: uploadListQuerySchema,
        response: { 200: uploadListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => listUploads(app, requireSession(request).userId, request.query),
  );

  app.get(
    declared.get(uploadEndpoints.usage),
    {
      schema: {
        tags: ['uploads'],
        summary:
          'Bytes the account keeps: uploads (trash and uploads in progress included) and files attached to forms',
        querystring: uploadUsageQuerySchema,
        response: { 200: uploadUsageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      getUploadUsage(app, requireSession(request).userId, request.query.account_id),
  );

  app.get(
    declared.get(uploadEndpoints.get),
    {
      schema: {
        tags: ['uploads'],
        summary: 'One stored upload with its extracted text (also when in the trash)',
        params: uploadIdParamsSchema,
        response: { 200: uploadDetailSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => getUploadDetail(app, requireSession(request).userId, request.params.id),
  );

  app.patch(
    declared.patch(uploadEndpoints.rename),
    {
      schema: {
        tags: ['uploads'],
        summary: 'Rename an upload (not one in the trash)',
        params: uploadIdParamsSchema,
        body: renameUploadRequestSchema,
        response: { 200: uploadDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      renameUpload(app, requireSession(request).userId, request.params.id, request.body.name),
  );

  app.get(
    declared.get(uploadEndpoints.content),
    {
      schema: {
        tags: ['uploads'],
        summary:
          'The bytes that went up (attachment, or ?disposition=inline to preview); one HTTP Range',
        params: uploadIdParamsSchema,
        querystring: contentQuerySchema,
        response: {
          200: binaryResponse('The file', uploadContentTypes),
          ...errorResponses(401, 404, 416),
        },
      },
      // Streamed with its length (and ranges); compression would break both.
      compress: false,
    },
    async (request, reply) => {
      const content = await openUploadContent(
        app,
        requireSession(request).userId,
        request.params.id,
        request.headers.range,
      );
      if ('unsatisfiable' in content) return sendRangeNotSatisfiable(reply, content.size);
      return sendDocument(reply, content, request.query.disposition);
    },
  );

  app.get(
    declared.get(uploadEndpoints.thumbnail),
    {
      schema: {
        tags: ['uploads'],
        summary: 'A small image of the first page or the picture; 404 until one was made',
        params: uploadIdParamsSchema,
        response: {
          200: binaryResponse('The image', ['image/webp']),
          304: noContentSchema,
          ...errorResponses(401, 404),
        },
      },
    },
    async (request, reply) => {
      const thumbnail = await readUploadThumbnail(
        app,
        requireSession(request).userId,
        request.params.id,
      );
      reply
        .header('etag', thumbnail.etag)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "sandbox; default-src 'none'")
        // Content-addressed: the same key is always the same image.
        .header('cache-control', 'private, max-age=86400');
      if (request.headers['if-none-match'] === thumbnail.etag) return reply.status(304).send();
      return reply.type(thumbnail.contentType).send(thumbnail.bytes);
    },
  );

  app.post(
    declared.post(uploadEndpoints.trash),
    {
      schema: {
        tags: ['uploads'],
        summary: 'Move uploads to the trash; any that is not a live upload of the account: 404',
        body: uploadSelectionSchema,
        response: { 204: noContentSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await trashUploads(app, requireSession(request).userId, request.body);
      return reply.status(204).send();
    },
  );

  app.post(
    declared.post(uploadEndpoints.download),
    {
      schema: {
        tags: ['uploads'],
        summary: 'The selected uploads as one ZIP (streamed; equal names numbered)',
        body: uploadSelectionSchema,
        response: {
          200: binaryResponse('The files', ['application/zip']),
          ...errorResponses(400, 401, 404),
        },
      },
      compress: false,
    },
    async (request, reply) => {
      const rows = await findUploadsForZip(app, requireSession(request).userId, request.body);
      const day = app.clock.now().toISOString().slice(0, 10);
      return reply
        .type('application/zip')
        .header('content-disposition', contentDisposition('attachment', `uploads-${day}.zip`))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(zipUploads(app.documents, rows, request.log));
    },
  );
};
