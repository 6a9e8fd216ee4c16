import { z } from 'zod';
import { AppError } from '../../plugins/app-error.ts';

/** A position in a list ordered by (created_at desc, id desc). */
export interface LetterCursor {
  createdAt: string;
  id: string;
}

const cursorSchema = z.tuple([z.iso.datetime(), z.string().min(1).max(64)]);

/** Opaque to clients: base64url JSON, so its shape can change without breaking them. */
export function encodeCursor(cursor: LetterCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url');
}

export function decodeCursor(value: string | undefined): LetterCursor | undefined {
  if (value === undefined) return undefined;
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(value, 'base64url').toString()));
    if (parsed.success) return { createdAt: parsed.data[0], id: parsed.data[1] };
  } catch {
    // Falls through to the validation error below.
  }
  throw new AppError('VALIDATION_FAILED', {
    details: [{ path: 'querystring.cursor', message: 'Not a cursor from this API' }],
  });
}
