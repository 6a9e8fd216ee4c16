import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SearchResult } from '@kuvert/shared/search';
import { AppError } from '../../plugins/app-error.ts';
import { assertAccountRole } from '../accounts/accounts.service.ts';
import { getLetterSummaries } from '../letters/letters.service.ts';
import { searchRepositoryFor } from './search.repository.ts';
import { queryTerms } from './search-terms.ts';

/**
 * Results are ranked by relevance, which the engine computes over every match anyway, so a
 * keyset would save nothing; the cursor is an offset, capped so nobody pages forever.
 */
const MAX_OFFSET = 1000;
const cursorSchema = z.object({ o: z.number().int().min(0).max(MAX_OFFSET) });

function decodeOffset(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString()));
    if (parsed.success) return parsed.data.o;
  } catch {
    // Falls through to the validation error.
  }
  throw new AppError('VALIDATION_FAILED', {
    details: [{ path: 'querystring.cursor', message: 'Not a cursor from this API' }],
  });
}

function encodeOffset(offset: number): string | null {
  if (offset > MAX_OFFSET) return null;
  return Buffer.from(JSON.stringify({ o: offset })).toString('base64url');
}

export interface SearchInput {
  account_id: string;
  q: string;
  cursor?: string | undefined;
  limit: number;
}

export async function searchLetters(
  app: FastifyInstance,
  userId: string,
  input: SearchInput,
): Promise<SearchResult> {
  await assertAccountRole(app.db, userId, input.account_id, 'viewer');
  const offset = decodeOffset(input.cursor);
  const terms = queryTerms(input.q);
  if (terms.length === 0) return { hits: [], next_cursor: null };
  const matches = await searchRepositoryFor(app.engine).search(app.db, {
    userId,
    accountId: input.account_id,
    terms,
    limit: input.limit + 1,
    offset,
  });
  const page = matches.slice(0, input.limit);
  const summaries = new Map(
    (
      await getLetterSummaries(
        app,
        userId,
        page.map((match) => match.id),
      )
    ).map((letter) => [letter.id, letter]),
  );
  const hits = page.flatMap((match) => {
    const letter = summaries.get(match.id);
    return letter ? [{ letter, snippet: match.snippet, matched_in: match.matchedIn }] : [];
  });
  const hasMore = matches.length > input.limit;
  return { hits, next_cursor: hasMore ? encodeOffset(offset + input.limit) : null };
}
