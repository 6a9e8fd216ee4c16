import type { FastifyInstance } from 'fastify';
import type { Language } from '@kuvert/shared/auth';
import type { SearchHit, SearchKind, SearchResult, SearchSort } from '@kuvert/shared/search';
import { assertAccountAction } from '../accounts/accounts.service.ts';
import { getLetterSummaries } from '../letters/letters.service.ts';
import { getUserById, userLanguage } from '../users/users.service.ts';
import { decodeSearchCursor, encodeNextCursor } from './search-cursor.ts';
import { mergeMatches, type TaggedMatch } from './search-merge.ts';
import { searchRepositoryFor, uploadSearchRepositoryFor } from './search.repository.ts';
import { parseQuery } from './search-terms.ts';
import type { SearchPosition } from './search-types.ts';
import { findUploadSummaries } from './upload-summaries.ts';

export interface SearchInput {
  account_id: string;
  q: string;
  sort: SearchSort;
  kind: SearchKind;
  cursor?: string | undefined;
  limit: number;
}

/**
 * A page of hits over the account's letters and uploads (or one of them): letters as lists
 * show them (read state, invoice, documents, direction: a sent reply is a sent letter here
 * too), uploads as the uploads list shows them, each with where the query matched.
 *
 * Both indexes are read from where the cursor left them, one more than a page each, and the
 * two streams are merged in one order: newest first by (created_at, id), or by relevance on
 * the engine's score, which ranks a letter and an upload alike (an upload's name weighs as a
 * letter's subject, its text as a letter's documents), ties newest first.
 */
export async function searchAccount(
  app: FastifyInstance,
  userId: string,
  input: SearchInput,
): Promise<SearchResult> {
  await assertAccountAction(app.db, userId, input.account_id, 'read');
  const start = decodeSearchCursor(input.sort, input.kind, input.cursor);
  const query = parseQuery(input.q);
  // Only exclusions ("-word") leave nothing to look up: nothing is found by what it lacks.
  if (query.required.length === 0) return { hits: [], next_cursor: null };
  // Words are also found by their stems in the searcher's language; only PostgreSQL's index
  // keeps stems, so SQLite need not look the language up.
  const language = app.engine === 'postgres' ? await searcherLanguage(app, userId) : 'en';
  const request = (position: SearchPosition) => ({
    userId,
    accountId: input.account_id,
    language,
    query,
    position,
    limit: input.limit + 1,
  });
  const letters =
    input.kind === 'uploads'
      ? []
      : await searchRepositoryFor(app.engine).search(app.db, request(start.letters));
  const uploads =
    input.kind === 'letters'
      ? []
      : await uploadSearchRepositoryFor(app.engine).search(app.db, request(start.uploads));
  const merged = mergeMatches(input.sort, letters, uploads, input.limit);
  const hits = await presentHits(app, userId, input.account_id, merged.page);
  const last = merged.page.at(-1)?.match;
  return {
    hits,
    next_cursor:
      merged.hasMore && last
        ? encodeNextCursor(input.sort, input.kind, start, {
            letters: merged.letters,
            uploads: merged.uploads,
            last: { createdAt: last.createdAt, id: last.id },
          })
        : null,
  };
}

async function searcherLanguage(app: FastifyInstance, userId: string): Promise<Language> {
  const user = await getUserById(app.db, userId);
  return user ? userLanguage(user) : 'en';
}

/** The page's matches with their letters and uploads, in order; one query for each kind. */
async function presentHits(
  app: FastifyInstance,
  userId: string,
  accountId: string,
  page: TaggedMatch[],
): Promise<SearchHit[]> {
  const letterIds = page.flatMap((item) => (item.type === 'letter' ? [item.match.id] : []));
  const uploadIds = page.flatMap((item) => (item.type === 'upload' ? [item.match.id] : []));
  const letters = new Map(
    (await getLetterSummaries(app, userId, letterIds)).map((letter) => [letter.id, letter]),
  );
  const uploads = new Map(
    (await findUploadSummaries(app.db, userId, accountId, uploadIds)).map((upload) => [
      upload.id,
      upload,
    ]),
  );
  return page.flatMap((item): SearchHit[] => {
    const { snippet } = item.match;
    if (item.type === 'letter') {
      const letter = letters.get(item.match.id);
      return letter ? [{ type: 'letter', letter, snippet, matched_in: item.match.matchedIn }] : [];
    }
    const upload = uploads.get(item.match.id);
    return upload ? [{ type: 'upload', upload, snippet, matched_in: item.match.matchedIn }] : [];
  });
}
