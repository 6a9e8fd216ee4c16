import { signatureEndpoints } from '@kuvert/shared/signatures/endpoints';
import { declared } from '../../plugins/declared-routes.ts';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { VERIFY_MAX_BYTES, verifyDocumentResultSchema } from '@kuvert/shared/signatures';
import { contentDisposition } from '../../plugins/content-disposition.ts';
import { binaryResponse, errorResponses } from '../../plugins/openapi.ts';
import { multipartValidatorCompiler } from '../../plugins/uploads.ts';
import { verifyDocument } from './verification.service.ts';

const verifyBodySchema = z
  .object({
    file: z
      .file()
      .describe(`One PDF, at most ${VERIFY_MAX_BYTES / (1024 * 1024)} MB; it is not kept`),
  })
  .describe('multipart/form-data');

/** Anyone may check a document: the person who got it is often not a Kuvert user. */
export const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    declared.post(signatureEndpoints.verifyDocument),
    {
      config: { auth: 'public' },
      schema: {
        tags: ['verification'],
        summary:
          "Check every signature of a PDF: intact or changed since, and whether it is this Kuvert's seal (public)",
        consumes: ['multipart/form-data'],
        body: verifyBodySchema,
        response: {
          200: verifyDocumentResultSchema,
          ...errorResponses(400, 403, 413, 415, 422, 429),
        },
      },
      validatorCompiler: multipartValidatorCompiler,
    },
    async (request) => verifyDocument(app, request),
  );

  app.get(
    declared.get(signatureEndpoints.sealCaCertificate),
    {
      config: { auth: 'public' },
      schema: {
        tags: ['verification'],
        summary:
          "Kuvert's CA certificate (PEM), to trust in a PDF reader so that its seals show as valid (public)",
        response: { 200: binaryResponse('The certificate', ['application/x-pem-file']) },
      },
    },
    async (_request, reply) =>
      reply
        .header('content-type', 'application/x-pem-file')
        .header('content-disposition', contentDisposition('attachment', 'kuvert-seal-ca.pem'))
        .send(app.seal.caCertificatePem),
  );
};
