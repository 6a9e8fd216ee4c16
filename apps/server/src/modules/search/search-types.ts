import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ParsedQuery } from './search-terms.ts';

export type MatchedIn = 'subject' | 'provider' | 'body' | 'document';

/** The indexed columns in index order, by what a hit reports as `matched_in`. */
export const MATCHED_IN_BY_COLUMN: MatchedIn[] = ['subject', 'provider', 'body', 'document'];

export interface SearchMatch {
  id: string;
  createdAt: string;
  snippet: string;
  matchedIn: MatchedIn;
}

/** Where a page starts: an offset into the ranking, or after a letter in date order. */
export type SearchPosition =
  | { sort: 'relevance'; offset: number }
  | { sort: 'newest'; after: { createdAt: string; id: string } | undefined };

export interface SearchRequest {
  userId: string;
  accountId: string;
  /** Has at least one required term (see parseQuery). */
  query: ParsedQuery;
  position: SearchPosition;
  limit: number;
}

/**
 * One full-text index, two engines: FTS5 on SQLite, tsvector on PostgreSQL. Both index every
 * word under its account's key, so a search reads only the account's part of the index.
 */
export interface SearchRepository {
  /** Rebuilds the letter's entry from its current subject, provider, body and documents. */
  indexLetter(db: Kysely<Database>, letterId: string): Promise<void>;
  /** Best matches or newest first; only letters of the account, only if the user is a member of it. */
  search(db: Kysely<Database>, request: SearchRequest): Promise<SearchMatch[]>;
  /** Indexes every letter afresh, in batches; answers how many letters were indexed. */
  rebuild(db: Kysely<Database>): Promise<number>;
}

/**
 * The prefix of the account's words in the index: its id without hyphens, which FTS5 and
 * PostgreSQL both keep as part of one word. The indexing SQL computes the same.
 */
export function accountKey(accountId: string): string {
  return accountId.replaceAll('-', '');
}
