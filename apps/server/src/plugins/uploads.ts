import type { Readable } from 'node:stream';
import type { FastifyRouteSchemaDef, FastifyValidationResult } from 'fastify/types/schema.js';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { stripBidiControls } from '@kuvert/shared/text';
import { $ZodType } from 'zod/v4/core';
import { AppError } from './app-error.ts';

/** Enough bytes to recognise every type we accept, and where PDF readers look for `%PDF-`. */
const SNIFF_BYTES = 1024;

export type SniffedType =
  'application/pdf' | 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

function startsWith(bytes: Buffer, signature: number[], offset = 0): boolean {
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

/** The type of a file judged by its first bytes, never by its name or declared type. */
export function sniffContentType(first: Buffer): SniffedType | undefined {
  if (first.subarray(0, SNIFF_BYTES).includes(Buffer.from('%PDF-'))) return 'application/pdf';
  if (startsWith(first, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(first, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (
    first
      .subarray(0, 6)
      .toString('latin1')
      .match(/^GIF8[79]a$/)
  )
    return 'image/gif';
  if (
    first.subarray(0, 4).toString('latin1') === 'RIFF' &&
    first.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'image/webp';
  }
  return undefined;
}

function toBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk === 'string') return Buffer.from(chunk);
  if (chunk instanceof Uint8Array) return Buffer.from(chunk);
  throw new TypeError('An upload stream must yield bytes');
}

/**
 * Passes a stream through unchanged once its first bytes show an accepted type; throws 415
 * otherwise, before the store keeps anything. `onType` learns the type that was found.
 */
export async function* checkedUpload(
  source: Readable,
  accepted: readonly SniffedType[],
  onType: (type: SniffedType) => void,
): AsyncGenerator<Buffer> {
  let head = Buffer.alloc(0);
  let isChecked = false;
  const check = () => {
    const type = sniffContentType(head);
    if (!type || !accepted.includes(type)) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    onType(type);
    isChecked = true;
  };
  for await (const chunk of source) {
    const bytes = toBuffer(chunk);
    if (isChecked) {
      yield bytes;
      continue;
    }
    head = Buffer.concat([head, bytes]);
    if (head.length >= SNIFF_BYTES) {
      check();
      yield head;
    }
  }
  if (!isChecked) {
    check();
    yield head;
  }
}

/**
 * Multipart routes read their parts as streams, so there is no parsed body to validate; the
 * body schema is there for the OpenAPI document only. Other parts are validated as usual.
 */
export function multipartValidatorCompiler<T>(
  route: FastifyRouteSchemaDef<T>,
): FastifyValidationResult {
  const { schema } = route;
  if (route.httpPart === 'body' || !(schema instanceof $ZodType)) return (value) => ({ value });
  return validatorCompiler({ ...route, schema });
}

/**
 * A file name fit to store and show: no path, no control characters (bidirectional ones
 * included), not empty.
 */
export function cleanFilename(name: string | undefined, fallback: string): string {
  const base = stripBidiControls((name ?? '').split(/[\\/]/).pop() ?? '');
  const cleaned = [...base]
    .filter((character) => {
      const code = character.codePointAt(0) ?? 0;
      return code >= 0x20 && code !== 0x7f;
    })
    .join('')
    .trim()
    .slice(0, 200);
  return cleaned || fallback;
}
