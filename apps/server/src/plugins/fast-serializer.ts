import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type ResponseSchema = z.core.$ZodType | { properties: z.core.$ZodType };
type Serialize = (data: unknown) => string;
type JsonSchema = Record<string, unknown>;

/** Compiled once per response schema and shared by every app the process builds (tests). */
const compiled = new WeakMap<z.core.$ZodType, Serialize | null>();

function resolveSchema(schema: ResponseSchema): z.core.$ZodType {
  return schema instanceof z.core.$ZodType ? schema : schema.properties;
}

/** trim(), toLowerCase() and the like rewrite the value: only zod's encode applies them. */
function hasRewritingChecks(schema: z.ZodType): boolean {
  return (schema.def.checks ?? []).some((check) => check instanceof z.core.$ZodCheckOverwrite);
}

/**
 * True when zod's encode can only return the data it is given, minus unknown keys: plain
 * objects, arrays, scalars, enums, unions and nullables. Anything that converts a value
 * (codecs, transforms, pipes, defaults, dates) is left to zod, which alone can run it.
 */
function isPlainData(schema: z.core.$ZodType): boolean {
  if (!(schema instanceof z.ZodType) || hasRewritingChecks(schema)) return false;
  if (schema instanceof z.ZodObject) {
    const catchall = schema.def.catchall;
    if (catchall !== undefined && !(catchall instanceof z.ZodNever)) return false;
    return Object.values(schema.shape).every(isPlainData);
  }
  if (schema instanceof z.ZodArray) return isPlainData(schema.element);
  if (schema instanceof z.ZodNullable || schema instanceof z.ZodOptional) {
    return isPlainData(schema.unwrap());
  }
  if (schema instanceof z.ZodUnion) return schema.options.every(isPlainData);
  if (schema instanceof z.ZodRecord) {
    return isPlainData(schema.keyType) && isPlainData(schema.valueType);
  }
  return (
    schema instanceof z.ZodString ||
    schema instanceof z.ZodStringFormat ||
    schema instanceof z.ZodNumber ||
    schema instanceof z.ZodBoolean ||
    schema instanceof z.ZodNull ||
    schema instanceof z.ZodEnum ||
    schema instanceof z.ZodLiteral ||
    schema instanceof z.ZodUnknown ||
    schema instanceof z.ZodAny
  );
}

function isJsonSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * zod writes a nullable date or object as `anyOf: [X, { type: 'null' }]`, which
 * fast-json-stringify resolves by validating every value against X at run time; its own
 * `nullable: true` is a plain null check.
 */
function simplifyNullables(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplifyNullables);
  if (!isJsonSchema(schema)) return schema;
  const entries = Object.entries(schema).map(([key, value]) => [key, simplifyNullables(value)]);
  const simplified: JsonSchema = Object.fromEntries(entries);
  const options = simplified.anyOf;
  if (!Array.isArray(options) || options.length !== 2) return simplified;
  const nonNull = options.filter((option) => !(isJsonSchema(option) && option.type === 'null'));
  const [option] = nonNull;
  if (nonNull.length !== 1 || !isJsonSchema(option)) return simplified;
  // A reference (a schema with an id) has no `type` for Ajv's `nullable` to extend.
  if (option.type === undefined) return simplified;
  const { anyOf: _anyOf, ...rest } = simplified;
  // Inside a union, fast-json-stringify picks the option by validating with Ajv, whose
  // `nullable` does not extend `enum`: a null must be one of the values to pass.
  if (Array.isArray(option.enum))
    return { ...rest, ...option, enum: [...option.enum, null], nullable: true };
  return { ...rest, ...option, nullable: true };
}

function buildFastSerializer(schema: z.core.$ZodType): Serialize | null {
  if (!isPlainData(schema)) return null;
  const jsonSchema = simplifyNullables(
    z.toJSONSchema(schema, { io: 'output', target: 'draft-07', unrepresentable: 'throw' }),
  );
  return isJsonSchema(jsonSchema) ? fastJsonStringify(jsonSchema) : null;
}

function fastSerializerFor(schema: z.core.$ZodType): Serialize | null {
  let serialize = compiled.get(schema);
  if (serialize === undefined) {
    serialize = buildFastSerializer(schema);
    compiled.set(schema, serialize);
  }
  return serialize;
}

/**
 * Writes responses with fast-json-stringify, from a JSON Schema that zod generates from the
 * route's own response schema: the same fields as zod's encode (unknown keys are left out),
 * without walking every value through zod first, which on a page of 50 letters costs as
 * much as the JSON itself. Schemas that convert values stay with zod's serializer.
 * Compiled on first use, so building an app (every test does) compiles nothing it won't send.
 */
export const serializerCompiler: FastifySerializerCompiler<ResponseSchema> = (routeSchema) => {
  let serialize: Serialize | undefined;
  return (data) => {
    serialize ??=
      fastSerializerFor(resolveSchema(routeSchema.schema)) ?? zodSerializerCompiler(routeSchema);
    return serialize(data);
  };
};
