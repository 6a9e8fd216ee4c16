import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { API_DOCS_PATH } from '@kuvert/shared/constants';
import { errorResponseSchema } from '@kuvert/shared/errors';
import { REPLY_ATTACHMENT_TYPES } from '@kuvert/shared/letters';
import { uploadContentTypes } from '@kuvert/shared/uploads';
import { z } from 'zod';
import { completeDocument, documentRoute } from './openapi-document.ts';
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
      // 3.1: schemas are JSON Schema 2020-12, so a nullable reference is
      // `anyOf: [ref, { type: 'null' }]`; 3.0's `nullable` cannot be put beside a `$ref`.
      openapi: '3.1.0',
      info: {
        title: 'Kuvert API',
        description:
          "The portal API used by the Kuvert web app, the Sender API for providers under /api/sender/v1, and the personal API under /api/personal/v1 for a person's own scripts (a personal access token from the profile).",
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
          csrf: {
            type: 'apiKey',
            in: 'header',
            name: 'X-CSRF-Token',
            description: 'Portal writes (POST, PUT, PATCH, DELETE): the csrf_token of the session',
          },
          providerApiKey: {
            type: 'http',
            scheme: 'bearer',
            description: 'Sender API: a provider key kuv_live_… from `kuvert provider create`',
          },
          personalAccessToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              'Personal API: a personal access token kvp_… made in the profile under "Access tokens"',
          },
        },
      },
    },
    // Examples (of form definitions) hold `const`, which must stay as the provider writes it.
    convertConstToEnum: false,
    transform: documentRoute,
    transformObject: completeDocument,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PATH,
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

/** What a stored document of a letter can be: an upload, or a reply's attachment. */
export const documentContentTypes: readonly string[] = [
  ...new Set<string>([...uploadContentTypes, ...REPLY_ATTACHMENT_TYPES]),
];

// `unknown` for the handler (a stream, a Buffer or text), `string`/`binary` for the document.
const binarySchema = z.unknown().meta({ type: 'string', format: 'binary' });

/** A response whose body is a file or a stream of one of `contentTypes`, never JSON. */
export function binaryResponse(
  description: string,
  contentTypes: readonly string[],
): { description: string; content: Record<string, { schema: typeof binarySchema }> } {
  const content = Object.fromEntries(contentTypes.map((type) => [type, { schema: binarySchema }]));
  return { description, content };
}

/**
 * A multipart text field that holds JSON: it validates as text (the service parses it), and
 * the document describes it as an application/json part of `schema`'s input shape.
 */
export function jsonPart(schema: z.ZodType, description: string): z.ZodString {
  const id = z.globalRegistry.get(schema)?.id;
  // fastify-type-provider-zod names the input variant of a registered schema `<id>Input`.
  const contentSchema = id
    ? { $ref: `#/components/schemas/${id}Input` }
    : z.toJSONSchema(schema, { io: 'input' });
  return z.string().meta({ description, contentMediaType: 'application/json', contentSchema });
}

/** A multipart file field whose part is sent as `contentType`. */
export function filePart(contentType: string): z.ZodFile {
  return z.file().meta({ contentMediaType: contentType });
}
