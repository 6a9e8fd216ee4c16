import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UPLOADS_TUS_PATH, uploadIdParamsSchema } from '@kuvert/shared/uploads';
import { uploadEndpoints } from '@kuvert/shared/uploads/endpoints';
import { declared } from '../../plugins/declared-routes.ts';
import { AppError } from '../../plugins/app-error.ts';
import { errorResponses, noContentSchema } from '../../plugins/openapi.ts';
import { requireSession } from '../../plugins/session.ts';
import {
  appendToUpload,
  cancelUpload,
  createUpload,
  getUploadPosition,
  type UploadPosition,
} from './upload-receiving.service.ts';
import {
  tusCreationDoc,
  tusOffsetDoc,
  tusOptionsDoc,
  tusPatchDoc,
  tusTerminationDoc,
} from './upload-tus.openapi.ts';

/**
 * The tus 1.0.0 endpoint (https://tus.io/protocols/resumable-upload): core, creation,
 * termination and expiration. Our own rather than @tus/server, because the type is judged
 * from the first bytes of the first PATCH and refused at once, the offset lives in the
 * uploads table (so any instance continues an upload), and every request is checked against
 * the caller's session and role like any other portal route: the session cookie, and on
 * POST, PATCH and DELETE the X-CSRF-Token header.
 */

const TUS_VERSION = '1.0.0';
const TUS_EXTENSIONS = 'creation,termination,expiration';
const OCTET_STREAM = 'application/offset+octet-stream';

const byteCount = (name: string) =>
  z
    .string()
    .regex(/^\d{1,16}$/, `${name}: a number of bytes`)
    .transform(Number)
    .refine(Number.isSafeInteger, `${name}: too large`);

/** Checked by the preValidation hook (412 otherwise); declared so the document shows it. */
const tusHeadersSchema = z.looseObject({
  'tus-resumable': z.literal(TUS_VERSION).describe('The tus protocol version'),
});
const creationHeadersSchema = tusHeadersSchema.extend({
  'upload-length': byteCount('Upload-Length').describe('Size of the whole file in bytes'),
  'upload-metadata': z
    .string()
    .max(4096)
    .optional()
    .describe('base64 pairs: filename, account_id (required), filetype (a hint only)'),
});
const patchHeadersSchema = tusHeadersSchema.extend({
  'upload-offset': byteCount('Upload-Offset').describe('Bytes the server has; from HEAD'),
  'content-length': byteCount('Content-Length').optional(),
});

function setPosition(reply: FastifyReply, position: UploadPosition): void {
  reply.header('upload-offset', String(position.offset));
  if (position.expiresAt) reply.header('upload-expires', position.expiresAt.toUTCString());
}

function mediaTypeOf(header: string | undefined): string {
  return (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

export const uploadTusRoutes: FastifyPluginAsyncZod = async (app) => {
  // The body of a PATCH is the file's bytes: left unread here, streamed by the handler.
  app.addContentTypeParser(OCTET_STREAM, (_request, _payload, done) => done(null));
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('tus-resumable', TUS_VERSION);
    return payload;
  });
  // Every request but OPTIONS names the protocol version; another one gets 412 (tus core).
  app.addHook('preValidation', async (request, reply) => {
    if (request.method === 'OPTIONS' || request.headers['tus-resumable'] === TUS_VERSION) return;
    return reply
      .status(412)
      .header('tus-version', TUS_VERSION)
      .send({
        code: 'VALIDATION_FAILED',
        message: `Send the header Tus-Resumable: ${TUS_VERSION}.`,
      });
  });

  app.options(
    declared.options(uploadEndpoints.tusOptions),
    {
      config: tusOptionsDoc,
      schema: {
        tags: ['uploads'],
        summary: 'tus: the protocol version, extensions and the largest file accepted',
        response: { 200: noContentSchema, ...errorResponses(401) },
      },
    },
    async (_request, reply) =>
      reply
        .status(200)
        .header('tus-version', TUS_VERSION)
        .header('tus-extension', TUS_EXTENSIONS)
        .header('tus-max-size', String(app.config.uploads.maxBytes))
        .send(),
  );

  app.post(
    declared.post(uploadEndpoints.tus),
    {
      config: tusCreationDoc,
      schema: {
        tags: ['uploads'],
        summary:
          'tus creation: announces a file (Upload-Length, Upload-Metadata); 201 with its Location',
        headers: creationHeadersSchema,
        response: { 201: noContentSchema, ...errorResponses(400, 401, 403, 404, 412, 413, 415) },
      },
      compress: false,
    },
    async (request, reply) => {
      const { id, expiresAt } = await createUpload(app, requireSession(request).userId, {
        metadataHeader: request.headers['upload-metadata'],
        length: request.headers['upload-length'],
      });
      return reply
        .status(201)
        .header('location', `${UPLOADS_TUS_PATH}/${id}`)
        .header('upload-expires', expiresAt.toUTCString())
        .send();
    },
  );

  app.route({
    method: 'HEAD',
    url: declared.head(uploadEndpoints.tusOffset),
    // @fastify/swagger leaves HEAD routes out unless asked: this one is tus core.
    config: { swagger: { exposeHeadRoute: true }, ...tusOffsetDoc },
    schema: {
      tags: ['uploads'],
      summary: 'tus: how many bytes of the upload arrived (Upload-Offset) of Upload-Length',
      params: uploadIdParamsSchema,
      headers: tusHeadersSchema,
      response: { 200: noContentSchema, ...errorResponses(401, 403, 404, 412) },
    },
    compress: false,
    handler: async (request, reply) => {
      const position = await getUploadPosition(
        app,
        requireSession(request).userId,
        request.params.id,
      );
      setPosition(reply, position);
      return reply
        .status(200)
        .header('upload-length', String(position.length))
        .header('cache-control', 'no-store')
        .send();
    },
  });

  app.patch(
    declared.patch(uploadEndpoints.tusAppend),
    {
      config: tusPatchDoc,
      schema: {
        tags: ['uploads'],
        summary:
          'tus: appends the body (application/offset+octet-stream) at Upload-Offset; one request per upload at a time',
        params: uploadIdParamsSchema,
        headers: patchHeadersSchema,
        response: {
          204: noContentSchema,
          ...errorResponses(400, 401, 403, 404, 409, 412, 413, 415, 422),
        },
      },
      compress: false,
    },
    async (request, reply) => {
      if (mediaTypeOf(request.headers['content-type']) !== OCTET_STREAM) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', {
          message: `Send the bytes as ${OCTET_STREAM}.`,
        });
      }
      const position = await appendToUpload(
        app,
        requireSession(request).userId,
        request.params.id,
        {
          offset: request.headers['upload-offset'],
          contentLength: request.headers['content-length'],
          body: request.raw,
        },
      );
      setPosition(reply, position);
      return reply.status(204).send();
    },
  );

  app.delete(
    declared.delete(uploadEndpoints.tusCancel),
    {
      config: tusTerminationDoc,
      schema: {
        tags: ['uploads'],
        summary: 'tus termination: cancels an upload in progress and forgets its bytes',
        params: uploadIdParamsSchema,
        headers: tusHeadersSchema,
        response: { 204: noContentSchema, ...errorResponses(401, 403, 404, 409, 412) },
      },
    },
    async (request, reply) => {
      await cancelUpload(app, requireSession(request).userId, request.params.id);
      return reply.status(204).send();
    },
  );
};
