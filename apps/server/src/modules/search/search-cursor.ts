import { z } from 'zod';
import type { SearchSort } from '@kuvert/shared/search';
import { AppError } from '../../plugins/app-error.ts';
import type { SearchMatch, SearchPosition } from './search-types.ts';

/**
 * Relevance is computed over every match anyway, so a keyset would save nothing there: its
 * cursor is an offset, capped so nobody pages forever. Date order pages by keyset, so a
 * letter that arrives meanwhile neither repeats nor hides one.
 */
const MAX_OFFSET = 1000;

const cursorSchema = z.discriminatedUnion('s', [
  z.object({ s: z.literal('relevance'), o: z.number().int().min(0).max(MAX_OFFSET) }),
  z.object({ s: z.literal('newest'), c: z.iso.datetime(), i: z.string().min(1).max(64) }),
]);

function invalidCursor(): AppError {
  return new AppError('VALIDATION_FAILED', {
    details: [{ path: 'querystring.cursor', message: 'Not a cursor from this API for this sort' }],
  });
}

/** Where the page asked for starts; a cursor made for the other sort is refused. */
export function decodeSearchCursor(sort: SearchSort, cursor: string | undefined): SearchPosition {
  if (cursor === undefined) {
    return sort === 'relevance' ? { sort, offset: 0 } : { sort, after: undefined };
  }
  let parsed;
  try {
    parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString()));
  } catch {
    throw invalidCursor();
  }
  if (!parsed.success || parsed.data.s !== sort) throw invalidCursor();
  return parsed.data.s === 'relevance'
    ? { sort: 'relevance', offset: parsed.data.o }
    : { sort: 'newest', after: { createdAt: parsed.data.c, id: parsed.data.i } };
}

/** The cursor of the page after `position`, whose last match is `last`. */
export function encodeNextCursor(
  position: SearchPosition,
  pageSize: number,
  last: SearchMatch,
): string | null {
  let value: z.infer<typeof cursorSchema>;
  if (position.sort === 'relevance') {
    const offset = position.offset + pageSize;
    if (offset > MAX_OFFSET) return null;
    value = { s: 'relevance', o: offset };
  } else {
    value = { s: 'newest', c: last.createdAt, i: last.id };
  }
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}
