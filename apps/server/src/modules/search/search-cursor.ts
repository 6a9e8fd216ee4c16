import { z } from 'zod';
import type { SearchKind, SearchSort } from '@kuvert/shared/search';
import { AppError } from '../../plugins/app-error.ts';
import type { SearchPosition } from './search-types.ts';

/**
 * Relevance is computed over every match anyway, so a keyset would save nothing there: its
 * cursor holds how many letters and how many uploads the pages so far showed (each index is
 * read from there on), capped so nobody pages forever. Date order pages by keyset over both,
 * so a letter or upload that arrives meanwhile neither repeats nor hides one.
 */
const MAX_OFFSET = 1000;

const cursorSchema = z.discriminatedUnion('s', [
  z.object({
    s: z.literal('relevance'),
    k: z.enum(['all', 'letters', 'uploads']),
    l: z.number().int().min(0).max(MAX_OFFSET),
    u: z.number().int().min(0).max(MAX_OFFSET),
  }),
  z.object({
    s: z.literal('newest'),
    k: z.enum(['all', 'letters', 'uploads']),
    c: z.iso.datetime(),
    i: z.string().min(1).max(64),
  }),
]);

/** Where a page starts in each index. */
export interface SearchStart {
  letters: SearchPosition;
  uploads: SearchPosition;
}

/** What the page shown took from each index, and where it ended. */
export interface SearchPageEnd {
  letters: number;
  uploads: number;
  last: { createdAt: string; id: string };
}

function invalidCursor(): AppError {
  return new AppError('VALIDATION_FAILED', {
    details: [
      {
        path: 'querystring.cursor',
        message: 'Not a cursor from this API for this sort and kind',
      },
    ],
  });
}

function parseCursor(cursor: string): z.infer<typeof cursorSchema> | undefined {
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString()));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Where the page asked for starts; a cursor made for another sort or kind is refused. */
export function decodeSearchCursor(
  sort: SearchSort,
  kind: SearchKind,
  cursor: string | undefined,
): SearchStart {
  if (cursor === undefined) {
    if (sort === 'newest') {
      return {
        letters: { sort, after: undefined },
        uploads: { sort, after: undefined },
      };
    }
    return { letters: { sort, offset: 0 }, uploads: { sort, offset: 0 } };
  }
  const value = parseCursor(cursor);
  if (value === undefined || value.s !== sort || value.k !== kind) throw invalidCursor();
  if (value.s === 'relevance') {
    return {
      letters: { sort: 'relevance', offset: value.l },
      uploads: { sort: 'relevance', offset: value.u },
    };
  }
  const after = { createdAt: value.c, id: value.i };
  return { letters: { sort: 'newest', after }, uploads: { sort: 'newest', after } };
}

function offsetOf(position: SearchPosition): number {
  return position.sort === 'relevance' ? position.offset : 0;
}

/** The cursor of the page after the one that started at `start` and ended at `end`. */
export function encodeNextCursor(
  sort: SearchSort,
  kind: SearchKind,
  start: SearchStart,
  end: SearchPageEnd,
): string | null {
  let value: z.infer<typeof cursorSchema>;
  if (sort === 'relevance') {
    const letters = offsetOf(start.letters) + end.letters;
    const uploads = offsetOf(start.uploads) + end.uploads;
    if (letters + uploads > MAX_OFFSET) return null;
    value = { s: 'relevance', k: kind, l: letters, u: uploads };
  } else {
    value = { s: 'newest', k: kind, c: end.last.createdAt, i: end.last.id };
  }
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}
