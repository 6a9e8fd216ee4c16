import { publicFormEndpoints } from '@kuvert/shared/api';
import { formEndpoints } from '@kuvert/shared/forms/endpoints';
import { declared } from '../../plugins/declared-routes.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountQuerySchema } from '@kuvert/shared/home';
import {
  formCataloguePageSchema,
  formCatalogueQuerySchema,
  formDetailQuerySchema,
  formDetailSchema,
  formProviderListSchema,
  formProviderPageSchema,
  formStartSchema,
  formUseCaseListSchema,
} from '@kuvert/shared/forms';
import { requestOrigin } from '../../plugins/audit.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import { requireSession } from '../../plugins/session.ts';
import { formDraftRoutes } from './form-draft-routes.ts';
import {
  getFormDetail,
  getFormProviderPage,
  getFormStart,
  getPublicFormDetail,
  listCatalogue,
  listFormProviders,
  listFormUseCases,
} from './forms.service.ts';

const formParamsSchema = z.object({ formId: z.string().min(1).max(64) });
const providerParamsSchema = z.object({ providerId: z.string().min(1).max(64) });
const publicFormParamsSchema = providerParamsSchema.extend(formParamsSchema.shape);
const publicFormQuerySchema = formDetailQuerySchema.pick({ version: true });

/**
 * Finding forms and reading one to fill out (DESIGN §8 "Forms"). The catalogue is the same
 * for every logged-in user: providers publish forms for anyone; what is the caller's own is
 * the start page (its account's letters and drafts) and the provider page's letter count.
 */
export const formRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    declared.get(formEndpoints.catalogue),
    {
      schema: {
        tags: ['forms'],
        summary:
          'Published forms in title order; `q` searches titles and descriptions (any case, accents optional)',
        querystring: formCatalogueQuerySchema,
        response: { 200: formCataloguePageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      requireSession(request);
      return listCatalogue(app, request.query);
    },
  );

  app.get(
    declared.get(formEndpoints.start),
    {
      schema: {
        tags: ['forms'],
        summary:
          "Where to start: forms of the providers that wrote to the account (latest first, at most 12) and the account's drafts",
        querystring: accountQuerySchema,
        response: { 200: formStartSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => getFormStart(app, requireSession(request).userId, request.query.account_id),
  );

  app.get(
    declared.get(formEndpoints.providers),
    {
      schema: {
        tags: ['forms'],
        summary: 'Providers with at least one published form, by name',
        response: { 200: formProviderListSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      requireSession(request);
      return listFormProviders(app);
    },
  );

  app.get(
    declared.get(formEndpoints.provider),
    {
      schema: {
        tags: ['forms'],
        summary:
          "A provider's page: what it is, how many letters the caller's accounts got from it, its forms",
        params: providerParamsSchema,
        response: { 200: formProviderPageSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) =>
      getFormProviderPage(app, requireSession(request).userId, request.params.providerId),
  );

  app.get(
    declared.get(formEndpoints.useCases),
    {
      schema: {
        tags: ['forms'],
        summary: 'Every use case of the fixed list, in its order, with its number of forms',
        response: { 200: formUseCaseListSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      requireSession(request);
      return listFormUseCases(app);
    },
  );

  app.get(
    declared.get(formEndpoints.detail),
    {
      schema: {
        tags: ['forms'],
        summary:
          'A form to fill out at a version (default: the current one), prefilled from the profile; 410 FORM_UNPUBLISHED once withdrawn, FORM_VERSION_UNSUPPORTED for a version with a pattern the linear-time engine does not run',
        params: formParamsSchema,
        querystring: formDetailQuerySchema,
        response: { 200: formDetailSchema, ...errorResponses(400, 401, 404, 410) },
      },
    },
    async (request) =>
      getFormDetail(app, requireSession(request).userId, request.params.formId, request.query),
  );

  app.get(
    declared.get(publicFormEndpoints.form),
    {
      config: { auth: 'public' },
      schema: {
        tags: ['forms'],
        summary:
          "A public form of the provider, for anyone (no login): 404 unless it is this provider's and public, 410 once withdrawn",
        params: publicFormParamsSchema,
        querystring: publicFormQuerySchema,
        response: { 200: formDetailSchema, ...errorResponses(400, 404, 410, 429) },
      },
    },
    async (request) =>
      getPublicFormDetail(app, {
        providerId: request.params.providerId,
        formId: request.params.formId,
        version: request.query.version,
        ipAddress: requestOrigin(request).ipAddress,
      }),
  );

  await app.register(formDraftRoutes);
};
