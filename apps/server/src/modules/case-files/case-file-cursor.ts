import { z } from 'zod';
import { caseFileSortSchema, type CaseFileSort } from '@kuvert/shared/case-files';
import { AppError } from '../../plugins/app-error.ts';

/**
 * Positions in the files list (the sort's value and the id) and in a timeline (the item's date
 * and id). Opaque to clients: base64url JSON, so their shape can change without breaking them.
 */

export interface CaseFileCursor {
  sort: CaseFileSort;
  value: string;
  id: string;
}

export interface TimelineCursor {
  date: string;
  id: string;
}

const fileCursorSchema = z.tuple([caseFileSortSchema, z.string().max(400), z.string().max(64)]);
const timelineCursorSchema = z.tuple([z.iso.date(), z.string().min(1).max(64)]);

function invalidCursor(message = 'Not a cursor from this API'): AppError {
  return new AppError('VALIDATION_FAILED', {
    details: [{ path: 'querystring.cursor', message }],
  });
}

function encode(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function decode<T>(value: string, schema: z.ZodType<T>): T {
  try {
    const parsed = schema.safeParse(JSON.parse(Buffer.from(value, 'base64url').toString()));
    if (parsed.success) return parsed.data;
  } catch {
    // Falls through to the validation error below.
  }
  throw invalidCursor();
}

export function encodeCaseFileCursor(cursor: CaseFileCursor): string {
  return encode([cursor.sort, cursor.value, cursor.id]);
}

/** The cursor, which must come from the list in the same order. */
export function decodeCaseFileCursor(
  value: string | undefined,
  sort: CaseFileSort,
): CaseFileCursor | undefined {
  if (value === undefined) return undefined;
  const [cursorSort, position, id] = decode(value, fileCursorSchema);
  if (cursorSort !== sort) throw invalidCursor('The cursor belongs to another sort order');
  return { sort, value: position, id };
}

export function encodeTimelineCursor(cursor: TimelineCursor): string {
  return encode([cursor.date, cursor.id]);
}

export function decodeTimelineCursor(value: string | undefined): TimelineCursor | undefined {
  if (value === undefined) return undefined;
  const [date, id] = decode(value, timelineCursorSchema);
  return { date, id };
}
