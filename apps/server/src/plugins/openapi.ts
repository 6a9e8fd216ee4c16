import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@kuvert/shared/errors';
import { z } from 'zod';
import { sessionCookieName } from './session.ts';

const kuvertLogo = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="40" height="40">' +
    '<rect width="32" height="32" rx="7" fill="#2a67b1"/>' +
    '<rect x="6" y="9" width="20" height="14" rx="2" fill="none" stroke="#fff" stroke-width="2"/>' +
    '<path d="M7 10.5l9 6.5 9-6.5" fill="none" stroke="#fff" stroke-width="2" stroke-linejoin="round"/></svg>',
);

/** OpenAPI generated from the shared zod schemas; browsable at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Kuvert API',
        description:
          'The portal API used by the Kuvert web app, and the Sender API for providers under /api/sender/v1.',
        version: '1.0.0',
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: sessionCookieName({ isHttps: publicUrl.startsWith('https://') }),
          },
          csrf: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token' },
          providerApiKey: {
            type: 'http',
            scheme: 'bearer',
            description: 'Sender API: a provider key kuv_live_… from `kuvert provider create`',
          },
        },
      },
    },
    // Examples (of form definitions) hold `const`, which must stay as the provider writes it.
    convertConstToEnum: false,
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // The UI sets a few inline styles; like the portal, allow styles but never inline script.
    transformStaticCSP: (header) =>
      header.replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'"),
    logo: { type: 'image/svg+xml', content: kuvertLogo },
    theme: { title: 'Kuvert API' },
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
}

/** Documents the error statuses a route can answer, all with the shared error body. */
export function errorResponses(...statuses: number[]): Record<number, typeof errorResponseSchema> {
  const responses: Record<number, typeof errorResponseSchema> = {};
  for (const status of statuses) responses[status] = errorResponseSchema;
  return responses;
}

/** A 202/204 answer: documented, with no body. */
export const noContentSchema = z.void().describe('No content');
