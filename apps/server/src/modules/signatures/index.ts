import { signatureEndpoints } from '@kuvert/shared/signatures/endpoints';
import { declared } from '../../plugins/declared-routes.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  declineRequestSchema,
  letterSignatureSchema,
  openSignatureRequestListSchema,
  signRequestSchema,
} from '@kuvert/shared/signatures';
import { requestOrigin } from '../../plugins/audit.ts';
import { registerProviderKnownLetters } from '../../plugins/provider-known-letters.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import { requireSession } from '../../plugins/session.ts';
import { registerSignatureJobs } from './signature-jobs.ts';
import { declineLetter, signLetter } from './signing.service.ts';
import { filterLettersKnownToProvider, listOpenSignatureRequests } from './signatures.service.ts';

const letterParamsSchema = z.object({
  id: z.string().min(1).max(64).describe('Any copy of the letter the caller can see'),
});
const tags = ['signatures'];

/** Signature requests in the portal (DESIGN §8); the Sender API side is in sender-api. */
export const signatureRoutes: FastifyPluginAsyncZod = async (app) => {
  registerSignatureJobs(app);
  registerProviderKnownLetters(filterLettersKnownToProvider);

  app.get(
    declared.get(signatureEndpoints.open),
    {
      schema: {
        tags,
        summary:
          'Requests waiting for the caller’s own signature across their accounts, earliest due first',
        response: { 200: openSignatureRequestListSchema, ...errorResponses(401) },
      },
    },
    async (request) => listOpenSignatureRequests(app, requireSession(request).userId),
  );

  app.post(
    declared.post(signatureEndpoints.sign),
    {
      schema: {
        tags,
        summary:
          'Sign (typed or drawn) with the password again; 403 for a viewer or a non-signer, 409 SIGNATURE_CLOSED once closed or past its due date',
        params: letterParamsSchema,
        body: signRequestSchema,
        response: { 200: letterSignatureSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) =>
      signLetter(
        app,
        requireSession(request).userId,
        request.params.id,
        request.body,
        requestOrigin(request),
      ),
  );

  app.post(
    declared.post(signatureEndpoints.decline),
    {
      schema: {
        tags,
        summary: 'Decline with a reason: the request is declined at once for every signer',
        params: letterParamsSchema,
        body: declineRequestSchema,
        response: { 200: letterSignatureSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      declineLetter(
        app,
        requireSession(request).userId,
        request.params.id,
        request.body,
        requestOrigin(request),
      ),
  );
};
