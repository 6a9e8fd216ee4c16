import type { FastifyInstance } from 'fastify';
import type { SearchResult, SearchSort } from '@kuvert/shared/search';
import { assertAccountRole } from '../accounts/accounts.service.ts';
import { getLetterSummaries } from '../letters/letters.service.ts';
import { decodeSearchCursor, encodeNextCursor } from './search-cursor.ts';
import { searchRepositoryFor } from './search.repository.ts';
import { parseQuery } from './search-terms.ts';

export interface SearchInput {
  account_id: string;
  q: string;
  sort: SearchSort;
  cursor?: string | undefined;
  limit: number;
}

/**
 * A page of hits, each with the letter as lists show it (read state, invoice, documents,
 * direction: a sent reply is a sent letter here too) and where the query matched.
 */
export async function searchLetters(
  app: FastifyInstance,
  userId: string,
  input: SearchInput,
): Promise<SearchResult> {
  await assertAccountRole(app.db, userId, input.account_id, 'viewer');
  const position = decodeSearchCursor(input.sort, input.cursor);
  const query = parseQuery(input.q);
  // Only exclusions ("-word") leave nothing to look up: no letter is found by what it lacks.
  if (query.required.length === 0) return { hits: [], next_cursor: null };
  const matches = await searchRepositoryFor(app.engine).search(app.db, {
    userId,
    accountId: input.account_id,
    query,
    position,
    limit: input.limit + 1,
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
  const last = page.at(-1);
  const hasMore = matches.length > input.limit && last !== undefined;
  return { hits, next_cursor: hasMore ? encodeNextCursor(position, input.limit, last) : null };
}
