import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isStateChanging } from './session.ts';

/*
 * What the zod schemas alone cannot tell a generated client, added while the document is
 * built: who may call each operation, which responses have no body, a body that the route
 * reads raw (tus PATCH), and how the parts of a multipart body are encoded.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Documents the body of a route that reads its bytes itself (no `schema.body`). */
    documentedBody?: { contentType: string; description: string };
    /** Documents response headers a client reads (tus offsets, Location), by status. */
    documentedHeaders?: Record<number, Record<string, string>>;
  }
}

type Security = Record<string, string[]>[];
type JsonObject = Record<string, unknown>;

const MULTIPART = 'multipart/form-data';
/** Documents an empty answer as what it is: no content, so no client parses a body. */
const noBody = z.null().describe('No content');

function isRecord(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The same rules as the session plugin's hook: the route's auth mode, then the method. */
export function securityOf(route: Pick<RouteOptions, 'config' | 'method'>): Security {
  const auth = route.config?.auth ?? 'session';
  if (auth === 'public') return [];
  if (auth === 'api-key') return [{ providerApiKey: [] }];
  if (auth === 'access-token') return [{ personalAccessToken: [] }];
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods.some(isStateChanging) ? [{ session: [], csrf: [] }] : [{ session: [] }];
}

/** Empty answers are `z.void()` for the serializer; documented, they have no body at all. */
function withoutVoidBodies(response: unknown): unknown {
  if (!isRecord(response)) return response;
  const entries = Object.entries(response).map(([status, schema]) => [
    status,
    schema instanceof z.ZodVoid ? noBody.describe(schema.description ?? 'No content') : schema,
  ]);
  return Object.fromEntries(entries);
}

function documentedBodyOf(route: RouteOptions): JsonObject | undefined {
  const body = route.config?.documentedBody;
  if (!body) return undefined;
  const schema = { type: 'string', format: 'binary', description: body.description };
  return { content: { [body.contentType]: { schema } } };
}

/** Adds the route's documented response headers to the responses they belong to. */
function withHeaders(response: unknown, route: RouteOptions): unknown {
  const documented = route.config?.documentedHeaders;
  if (!isRecord(response) || !documented) return response;
  const entries = Object.entries(response).map(([status, schema]) => {
    const headers = documented[Number(status)];
    if (!headers || !isRecord(schema)) return [status, schema];
    const described = Object.entries(headers).map(([name, description]) => [
      name,
      { type: 'string', description },
    ]);
    return [status, { ...schema, headers: Object.fromEntries(described) }];
  });
  return Object.fromEntries(entries);
}

/**
 * JSON Schema 2020-12 lets `$ref` have siblings (an example, a description); @fastify/swagger
 * keeps only the `$ref` of such a route schema. Behind `allOf` they survive, and a single
 * example moves to the media type, where the docs UI shows it.
 */
function keepReferenceSiblings(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(keepReferenceSiblings);
  if (!isRecord(value)) return value;
  const entries = Object.entries(value).map(([key, child]) => [key, keepReferenceSiblings(child)]);
  const { $ref, ...siblings }: JsonObject = Object.fromEntries(entries);
  if (typeof $ref !== 'string' || Object.keys(siblings).length === 0) {
    return $ref === undefined ? siblings : { $ref, ...siblings };
  }
  return { ...siblings, allOf: [{ $ref }] };
}

/** The per-route transform: zod to JSON Schema, plus security and raw bodies. */
export const documentRoute: SwaggerTransform = (input) => {
  const { route } = input;
  const original = input.schema;
  const schema = { ...original, response: withoutVoidBodies(original.response) };
  const transformed = jsonSchemaTransform({ ...input, schema });
  if (transformed.schema.hide) return transformed;
  const { body, querystring, params, headers, response } = transformed.schema;
  return {
    ...transformed,
    schema: {
      ...transformed.schema,
      body: keepReferenceSiblings(body) ?? documentedBodyOf(route),
      querystring: keepReferenceSiblings(querystring),
      params: keepReferenceSiblings(params),
      headers: keepReferenceSiblings(headers),
      response: withHeaders(keepReferenceSiblings(response), route),
      security: securityOf(route),
    },
  };
};

/**
 * The schema a JSON part points at, inlined: generators such as openapi-typescript take a
 * component's defaulted fields as always present (a response's view); inside a request body
 * they stay optional, as the API treats them.
 */
function inlineComponent(contentSchema: JsonObject, components: JsonObject): JsonObject {
  const ref = contentSchema.$ref;
  const name = typeof ref === 'string' ? ref.replace('#/components/schemas/', '') : undefined;
  const component = name === undefined ? undefined : components[name];
  return isRecord(component) ? structuredClone(component) : contentSchema;
}

/**
 * A multipart part declared with `contentMediaType` (see `jsonPart` and `filePart`) gets its
 * `encoding`; a JSON part is documented by the schema of its JSON (`contentSchema`), which is
 * how OpenAPI says "this part is application/json of that shape".
 */
function encodeMultipartParts(media: JsonObject, components: JsonObject): void {
  const schema = media.schema;
  if (!isRecord(schema) || !isRecord(schema.properties)) return;
  const encoding: Record<string, { contentType: string }> = {};
  for (const [name, property] of Object.entries(schema.properties)) {
    if (!isRecord(property)) continue;
    const part = property.type === 'array' && isRecord(property.items) ? property.items : property;
    const { contentMediaType, contentSchema, ...rest } = part;
    if (typeof contentMediaType !== 'string') continue;
    encoding[name] = { contentType: contentMediaType };
    if (isRecord(contentSchema)) {
      const json = inlineComponent(contentSchema, components);
      schema.properties[name] = { ...json, description: property.description };
    } else if (part === property) {
      schema.properties[name] = rest;
    } else {
      schema.properties[name] = { ...property, items: rest };
    }
  }
  if (Object.keys(encoding).length > 0) media.encoding = encoding;
}

function operationsOf(document: JsonObject): JsonObject[] {
  if (!isRecord(document.paths)) return [];
  return Object.values(document.paths)
    .filter(isRecord)
    .flatMap((pathItem) => Object.values(pathItem).filter(isRecord));
}

/** The whole-document transform: shared components, then the multipart encodings. */
export const completeDocument: SwaggerTransformObject = (documentObject) => {
  const document = jsonSchemaTransformObject(documentObject);
  const documentRecord: unknown = document;
  if (!isRecord(documentRecord)) return document;
  const components = isRecord(documentRecord.components) ? documentRecord.components : {};
  const schemas = isRecord(components.schemas) ? components.schemas : {};
  for (const operation of operationsOf(documentRecord)) {
    const body = operation.requestBody;
    const multipart = isRecord(body) && isRecord(body.content) ? body.content[MULTIPART] : null;
    if (isRecord(multipart)) encodeMultipartParts(multipart, schemas);
  }
  return document;
};
