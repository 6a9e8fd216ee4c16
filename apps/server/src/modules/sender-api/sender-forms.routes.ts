import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  senderFormListSchema,
  senderFormPublishedSchema,
  senderFormSchema,
} from '@kuvert/shared/forms';
import { errorResponses, noContentSchema } from '../../plugins/openapi.ts';
import { idempotencyKeyOf } from './idempotency.ts';
import { senderApiEndpoints } from '@kuvert/shared/sender-api/endpoints';
import {
  apiKeyAuth,
  declaredSenderRoute,
  idempotencyHeadersSchema,
  idParamsSchema,
  security,
  tags,
} from './sender-route-options.ts';
import { requireProvider } from './sender-auth.ts';
import {
  definitionInvalidResponse,
  senderFormRequestWithExample,
} from './sender-forms.examples.ts';
import {
  getSenderForm,
  listSenderForms,
  publishForm,
  publishFormVersion,
  unpublishSenderForm,
} from './sender-forms.service.ts';

/** Publishing forms (DESIGN §6, §8): added inside the Sender API plugin, behind its API key. */
export function registerSenderFormRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.post(
    declaredSenderRoute.post(senderApiEndpoints.publishForm),
    {
      config: apiKeyAuth,
      schema: {
        tags,
        security,
        summary:
          'Publish a form: a JSON Schema subset plus a UI schema; answers its id and version 1',
        headers: idempotencyHeadersSchema,
        body: senderFormRequestWithExample,
        response: {
          201: senderFormPublishedSchema,
          ...errorResponses(400, 401, 409, 413),
          422: definitionInvalidResponse,
        },
      },
    },
    async (request, reply) => {
      const provider = requireProvider(request);
      const published = await publishForm(
        app,
        provider.id,
        request.body,
        idempotencyKeyOf(request),
      );
      return reply.status(201).send(published);
    },
  );

  app.put(
    declaredSenderRoute.put(senderApiEndpoints.publishFormVersion),
    {
      config: apiKeyAuth,
      schema: {
        tags,
        security,
        summary:
          'Publish a new version of one of your forms (publishes a withdrawn form again); older versions are kept',
        params: idParamsSchema,
        body: senderFormRequestWithExample,
        response: {
          200: senderFormPublishedSchema,
          ...errorResponses(400, 401, 404, 413),
          422: definitionInvalidResponse,
        },
      },
    },
    async (request) =>
      publishFormVersion(app, requireProvider(request).id, request.params.id, request.body),
  );

  app.get(
    declaredSenderRoute.get(senderApiEndpoints.forms),
    {
      config: apiKeyAuth,
      schema: {
        tags,
        security,
        summary:
          'Your forms, withdrawn ones too, with every version and its count of delivered submissions',
        response: { 200: senderFormListSchema, ...errorResponses(401) },
      },
    },
    async (request) => listSenderForms(app, requireProvider(request).id),
  );

  app.get(
    declaredSenderRoute.get(senderApiEndpoints.form),
    {
      config: apiKeyAuth,
      schema: {
        tags,
        security,
        summary: 'One of your forms with the schema and UI schema of its current version',
        params: idParamsSchema,
        response: { 200: senderFormSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => getSenderForm(app, requireProvider(request).id, request.params.id),
  );

  app.delete(
    declaredSenderRoute.delete(senderApiEndpoints.withdrawForm),
    {
      config: apiKeyAuth,
      schema: {
        tags,
        security,
        summary:
          'Withdraw a form: nobody can open or submit it any more; its submissions are kept. Again: no change',
        params: idParamsSchema,
        response: { 204: noContentSchema, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await unpublishSenderForm(app, requireProvider(request).id, request.params.id);
      return reply.status(204).send();
    },
  );
}
