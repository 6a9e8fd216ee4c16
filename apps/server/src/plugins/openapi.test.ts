import { isDeepStrictEqual } from 'node:util';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.ts';

type Json = Record<string, unknown>;
interface Operation {
  path: string;
  method: string;
  operation: Json;
}

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function recordAt(value: unknown, ...keys: string[]): Json {
  let current = value;
  for (const key of keys) current = isRecord(current) ? current[key] : undefined;
  if (!isRecord(current)) throw new Error(`no object at ${keys.join('.')}`);
  return current;
}

/** Every object in the document, with where it is. */
function* walk(value: unknown, at = ''): Generator<[string, Json]> {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* walk(item, `${at}/${index}`);
    return;
  }
  if (!isRecord(value)) return;
  yield [at, value];
  for (const [key, child] of Object.entries(value)) yield* walk(child, `${at}/${key}`);
}

function operationsOf(document: Json): Operation[] {
  return Object.entries(recordAt(document, 'paths')).flatMap(([path, item]) =>
    Object.entries(recordAt(item)).map(([method, operation]) => ({
      path,
      method,
      operation: recordAt(operation),
    })),
  );
}

/** The routes that answer a file or a stream, with the types they send. */
const binaryOperations: Record<string, string[]> = {
  'get /api/sender/v1/letters/{id}/signed-document': ['application/pdf'],
  'get /api/sender/v1/messages/{id}/documents/{documentId}': ['application/pdf', 'image/png'],
  'get /api/personal/v1/letters/{id}/documents/{documentId}': ['application/pdf', 'image/png'],
  'get /api/letters/{id}/documents/{documentId}/content': ['application/pdf', 'image/gif'],
  'get /api/letters/{id}/recipients/{recipientId}/print.pdf': ['application/pdf'],
  'get /api/form-submissions/{id}/receipt': ['application/pdf'],
  'get /api/providers/{id}/logo': ['image/svg+xml', 'image/png', 'image/jpeg'],
  'get /api/invoices/{id}/epc-qr.png': ['image/png'],
  'get /api/uploads/{id}/content': ['application/pdf', 'text/csv', 'text/plain'],
  'get /api/uploads/{id}/thumbnail': ['image/webp'],
  'post /api/uploads/download': ['application/zip'],
  'get /api/contacts/export': ['text/csv', 'text/vcard'],
  'get /api/mail-merges/{id}/failed-rows.csv': ['text/csv'],
  'get /api/seal/ca-certificate': ['application/x-pem-file'],
  'get /api/events': ['text/event-stream'],
};

const binarySchema = { type: 'string', format: 'binary' };

describe('the OpenAPI document', () => {
  let t: TestApp;
  let document: Json;
  let operations: Operation[];

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    document = recordAt((await t.app.inject({ url: '/api/docs/json' })).json());
    operations = operationsOf(document);
  });
  afterAll(async () => t.close());

  it('is a valid OpenAPI 3.1 document whose references all resolve', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    const schemas = recordAt(document, 'components', 'schemas');
    const unresolved = [...walk(document)].flatMap(([at, node]) => {
      if (typeof node.$ref !== 'string') return [];
      const name = node.$ref.replace('#/components/schemas/', '');
      return schemas[name] === undefined ? [`${at} → ${node.$ref}`] : [];
    });
    expect(unresolved).toEqual([]);
  });

  it('says null the 3.1 way: no `nullable`, and nullable references allow null', () => {
    const nullables = [...walk(document)].filter(([, node]) => 'nullable' in node);
    expect(nullables.map(([at]) => at)).toEqual([]);
    const status = recordAt(document, 'components', 'schemas', 'SenderLetterStatus', 'properties');
    for (const field of ['invoice', 'signature']) {
      expect(recordAt(status, field).anyOf).toEqual([
        { $ref: expect.stringMatching(/^#\/components\/schemas\/Sender/) },
        { type: 'null' },
      ]);
    }
  });

  it('declares each binary response with its real type as a binary string, never JSON', () => {
    const problems = Object.entries(binaryOperations).flatMap(([key, types]) => {
      const [method = '', path = ''] = key.split(' ');
      const content = recordAt(document, 'paths', path, method, 'responses', '200', 'content');
      const declared = Object.keys(content);
      const missing = types.filter((type) => !declared.includes(type));
      const notBinary = Object.entries(content).filter(
        ([, media]) => !isDeepStrictEqual(recordAt(media, 'schema'), binarySchema),
      );
      return [
        ...missing.map((type) => `${key}: no ${type}`),
        ...(declared.includes('application/json') ? [`${key}: declares JSON`] : []),
        ...notBinary.map(([type]) => `${key}: ${type} is not a binary string`),
      ];
    });
    expect(problems).toEqual([]);
  });

  it('has no JSON response that could be anything: a file is never documented as `{}`', () => {
    const problems = operations.flatMap(({ path, method, operation }) =>
      Object.entries(recordAt(operation, 'responses')).flatMap(([status, response]) => {
        const content = recordAt(response).content;
        if (!isRecord(content)) return [];
        return Object.entries(content).flatMap(([type, media]) => {
          const { description: _description, ...constraints } = recordAt(media, 'schema');
          const isUntyped = Object.keys(constraints).length === 0;
          const isWrongBinary = !type.includes('json') && constraints.format !== 'binary';
          return isUntyped || isWrongBinary ? [`${method} ${path} ${status} ${type}`] : [];
        });
      }),
    );
    expect(problems).toEqual([]);
  });

  it('declares who may call each operation, the same way the session hook decides', () => {
    const schemes = recordAt(document, 'components', 'securitySchemes');
    expect(Object.keys(schemes).toSorted()).toEqual([
      'csrf',
      'personalAccessToken',
      'providerApiKey',
      'session',
    ]);
    expect(schemes.personalAccessToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes.providerApiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const byRoute = new Map(
      t.app.routeTable.map((route) => [`${route.method.toLowerCase()} ${route.url}`, route.auth]),
    );
    const declared = operations.map(({ path, method, operation }) => ({
      operation: `${method} ${path}`,
      security: operation.security,
    }));
    const expected = operations.map(({ path, method }) => {
      const auth = byRoute.get(`${method} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
      const isWrite = ['post', 'put', 'patch', 'delete'].includes(method);
      const session = isWrite ? { session: [], csrf: [] } : { session: [] };
      const bearer: Record<string, Json[]> = {
        'api-key': [{ providerApiKey: [] }],
        'access-token': [{ personalAccessToken: [] }],
      };
      const security = auth === 'public' ? [] : (bearer[auth ?? ''] ?? [session]);
      return { operation: `${method} ${path}`, security };
    });
    expect(declared).toEqual(expected);
    expect(declared).toContainEqual({ operation: 'post /api/auth/login', security: [] });
    expect(declared).toContainEqual({
      operation: 'get /api/sender/v1/letters/{id}/signed-document',
      security: [{ providerApiKey: [] }],
    });
    expect(declared).toContainEqual({
      operation: 'post /api/personal/v1/letters/{id}/read',
      security: [{ personalAccessToken: [] }],
    });
  });

  it('types the metadata part of a Sender API delivery as JSON of its real schema', () => {
    const delivery = recordAt(document, 'paths', '/api/sender/v1/letters', 'post');
    const multipart = recordAt(delivery, 'requestBody', 'content', 'multipart/form-data');
    expect(multipart.encoding).toEqual({
      metadata: { contentType: 'application/json' },
      document: { contentType: 'application/pdf' },
    });
    const parts = recordAt(multipart, 'schema', 'properties');
    expect(recordAt(parts, 'document', 'items')).toEqual({ type: 'string', format: 'binary' });
    const metadata = recordAt(parts, 'metadata');
    expect(metadata.required).toEqual(['recipient', 'subject']);
    expect(Object.keys(recordAt(metadata, 'properties'))).toEqual(
      expect.arrayContaining(['recipient', 'subject', 'body', 'kind', 'invoice', 'signature']),
    );
    expect(recordAt(metadata, 'properties', 'kind').enum).toEqual([
      'letter',
      'invoice',
      'signature_request',
    ]);
  });

  it('documents every tus method, HEAD (the offset) and the raw PATCH body included', () => {
    const collection = recordAt(document, 'paths', '/api/uploads/tus');
    const upload = recordAt(document, 'paths', '/api/uploads/tus/{id}');
    expect(Object.keys(collection).toSorted()).toEqual(['options', 'post']);
    expect(Object.keys(upload).toSorted()).toEqual(['delete', 'head', 'patch']);
    const offset = recordAt(upload, 'head', 'responses', '200');
    expect(offset.content).toBeUndefined();
    expect(Object.keys(recordAt(offset, 'headers'))).toEqual(
      expect.arrayContaining(['Upload-Offset', 'Upload-Length', 'Tus-Resumable']),
    );
    expect(recordAt(offset, 'headers', 'Upload-Offset', 'schema')).toEqual({ type: 'string' });
    expect(recordAt(collection, 'post', 'responses', '201', 'headers')).toHaveProperty('Location');
    expect(recordAt(upload, 'patch', 'requestBody', 'content')).toEqual({
      'application/offset+octet-stream': {
        schema: { type: 'string', format: 'binary', description: 'The next bytes of the file' },
      },
    });
  });
});
