import { z } from 'zod';
import type { UploadSort } from '@kuvert/shared/uploads';
import { AppError } from '../../plugins/app-error.ts';

/** A position in a list of uploads: the sort's value (date, lower-case name or size) and the id. */
export interface UploadCursor {
  sort: UploadSort;
  value: string | number;
  id: string;
}

const cursorSchema = z.tuple([
  z.enum(['newest', 'oldest', 'name', 'largest']),
  z.union([z.string().max(1024), z.number()]),
  z.string().min(1).max(64),
]);

/** Opaque to clients: base64url JSON, so its shape can change without breaking them. */
export function encodeUploadCursor(cursor: UploadCursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.value, cursor.id])).toString('base64url');
}

function invalidCursor(message: string): AppError {
  return new AppError('VALIDATION_FAILED', {
    details: [{ path: 'querystring.cursor', message }],
  });
}

/** The cursor, which must come from a list in the same order. */
export function decodeUploadCursor(
  value: string | undefined,
  sort: UploadSort,
): UploadCursor | undefined {
  if (value === undefined) return undefined;
  let parsed;
  try {
    parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(value, 'base64url').toString()));
  } catch {
    throw invalidCursor('Not a cursor from this API');
  }
  if (!parsed.success) throw invalidCursor('Not a cursor from this API');
  const [cursorSort, position, id] = parsed.data;
  if (cursorSort !== sort) throw invalidCursor('The cursor belongs to another sort order');
  const isNumeric = sort === 'largest';
  if (isNumeric !== (typeof position === 'number'))
    throw invalidCursor('Not a cursor from this API');
  return { sort, value: position, id };
}
