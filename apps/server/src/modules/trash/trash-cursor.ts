import { z } from 'zod';
import { trashKindSchema, type TrashKind } from '@kuvert/shared/trash';
import { AppError } from '../../plugins/app-error.ts';
import type { TrashPosition } from './trash.repository.ts';

/** Which list a cursor belongs to: every kind, or one. */
type TrashListKind = TrashKind | 'all';

const cursorSchema = z.tuple([
  z.union([trashKindSchema, z.literal('all')]),
  z.iso.datetime(),
  z.number().int().min(0).max(99),
  z.string().min(1).max(64),
]);

/** Opaque to clients: base64url JSON, so its shape can change without breaking them. */
export function encodeTrashCursor(list: TrashListKind, position: TrashPosition): string {
  return Buffer.from(
    JSON.stringify([list, position.trashedAt, position.rank, position.id]),
  ).toString('base64url');
}

function invalidCursor(message: string): AppError {
  return new AppError('VALIDATION_FAILED', {
    details: [{ path: 'querystring.cursor', message }],
  });
}

/** The position a cursor names, which must come from the same list (all kinds, or one). */
export function decodeTrashCursor(
  value: string | undefined,
  list: TrashListKind,
): TrashPosition | undefined {
  if (value === undefined) return undefined;
  let parsed;
  try {
    parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(value, 'base64url').toString()));
  } catch {
    throw invalidCursor('Not a cursor from this API');
  }
  if (!parsed.success) throw invalidCursor('Not a cursor from this API');
  const [cursorList, trashedAt, rank, id] = parsed.data;
  if (cursorList !== list) throw invalidCursor('The cursor belongs to another kind of entry');
  return { trashedAt, rank, id };
}
